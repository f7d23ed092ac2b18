import jax
import jax.extend
import jax.numpy as jnp
import numpy as np


# --8<-- [start:your-function]
def f(x):
    return jnp.where(x > 0, jnp.log(x), 0.0)


def fixed(x):  # the same, with a second where that gives log a safe input where x <= 0
    safe = jnp.where(x > 0, x, 1.0)
    return jnp.where(x > 0, jnp.log(safe), 0.0)


x = jnp.array([-1.0, 0.0, 0.5, 2.0])  # include points the mask rejects
# --8<-- [end:your-function]

# Everything below works for any elementwise function of one array that masks with
# jnp.where, and a fixed version of it.
Literal = jax.extend.core.Literal


def run(closed, *args, seen=None):
    """Run a jaxpr equation by equation; an inner `jit` (jnp.where is one) runs its body
    in place of the call. `seen` collects (equation, operands, results)."""
    env = dict(zip(closed.jaxpr.constvars, closed.consts)) | dict(zip(closed.jaxpr.invars, args))
    read = lambda v: v.val if isinstance(v, Literal) else env[v]
    for eqn in closed.jaxpr.eqns:
        ins = [read(v) for v in eqn.invars]
        if eqn.primitive.name == "jit":
            outs = run(eqn.params["jaxpr"], *ins, seen=seen)
        else:
            outs = eqn.primitive.bind(*ins, **eqn.primitive.get_bind_params(eqn.params))
            outs = outs if eqn.primitive.multiple_results else [outs]
            if seen is not None:
                seen.append((eqn, ins, outs))
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in closed.jaxpr.outvars]


def flat_jaxpr(function):
    """The jaxpr of `function`, traced again with the body of each inner jit inlined."""
    jaxpr = jax.make_jaxpr(function)(x)
    return jax.make_jaxpr(lambda x: run(jaxpr, x))(x)


def used(jaxpr):
    """The equations whose results the outputs need (the value of f itself is not)."""
    live, keep = {v for v in jaxpr.outvars if not isinstance(v, Literal)}, set()
    for i in reversed(range(len(jaxpr.eqns))):
        eqn = jaxpr.eqns[i]
        if live & set(eqn.outvars):
            keep.add(i)
            live |= {v for v in eqn.invars if not isinstance(v, Literal)}
    return keep


def at(value, index):
    """A value at one element: elementwise arrays there, scalars as they are."""
    value = np.asarray(value)
    value = value[index] if value.shape == x.shape else value if value.shape == () else None
    return "..." if value is None else str(bool(value)) if value.dtype == bool else repr(float(value))


def report(name, function, index=None):
    grad = jax.grad(lambda x: function(x).sum())  # for an elementwise function: each element's slope
    value, gradient = jax.jit(function)(x), jax.jit(grad)(x)
    nan = [tuple(int(i) for i in n) for n in np.argwhere(np.isnan(np.asarray(gradient, np.float32)))]
    print(f"{name}:")
    print("  value:   ", str(value).replace("\n", "\n" + " " * 12))
    print("  gradient:", str(gradient).replace("\n", "\n" + " " * 12))
    where = lambda i: "x[" + ", ".join(map(str, i)) + "]"
    print("  NaN in the gradient at:", ", ".join(map(where, nan)) or "none")
    index = index if index is not None else nan[0] if nan else (0,) * x.ndim

    flat = flat_jaxpr(grad)
    forward = flat_jaxpr(lambda x: jax.tree.leaves(jax.vjp(function, x)))  # the forward pass alone
    n = len(forward.eqns)
    assert [e.primitive for e in flat.eqns[:n]] == [e.primitive for e in forward.eqns]
    seen = []
    run(flat, x, seen=seen)
    lines = flat.pretty_print(use_color=False).split(". let\n", 1)[1].rsplit("\n  in ", 1)[0]
    lines = [" ".join(line.split()) for line in lines.splitlines()]  # one equation a line here
    keep = used(flat.jaxpr)
    print("  the gradient's jaxpr, jnp.where's jit inlined, unused equations left out;")
    print(f"  on the right, each equation at {where(index)}: operands -> result")
    width = max(len(lines[i]) for i in keep)
    first_nan = True
    for i in sorted(keep):
        _, ins, outs = seen[i]
        result = ", ".join(at(v, index) for v in outs)
        mark = ""
        if result == "nan" and i >= n and first_nan:
            mark, first_nan = "   <- the backward pass's first NaN", False
        print(f"  {'fwd' if i < n else 'bwd'} {lines[i]:{width}}   "
              f"{', '.join(at(v, index) for v in ins)} -> {result}{mark}")
    return index


print("x:", str(x).replace("\n", "\n   "))
index = report("f", f)
report("fixed", fixed, index)  # the same element, after the fix
