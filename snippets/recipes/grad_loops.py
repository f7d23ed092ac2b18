import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


# --8<-- [start:your-function]
def f(x, n):  # your loop: n is its trip count
    return lax.fori_loop(0, n, lambda i, c: c + 0.1 * jnp.sin(c), x).sum()


def f_while(x, n):  # the same loop, as a lax.while_loop
    _, c = lax.while_loop(lambda ic: ic[0] < n, lambda ic: (ic[0] + 1, ic[1] + 0.1 * jnp.sin(ic[1])), (0, x))
    return c.sum()


N_MAX = 16  # the most steps n may ask for


def f_masked(x, n):  # the fix: always N_MAX steps; from step n on, the carry is kept as it is
    return lax.fori_loop(0, N_MAX, lambda i, c: jnp.where(i < n, c + 0.1 * jnp.sin(c), c), x).sum()


x, n = jnp.array([0.5, 1.0, 2.0]), 10
functions = [("f", f), ("f_while", f_while), ("f_masked", f_masked)]  # (label, a function of x and n)
# --8<-- [end:your-function]

# Everything below works for any function of an array (or a pytree of arrays) x and a
# trip count n that returns a scalar: a loop, a fixed version of it, or any other.


def loop_heads(jaxpr):
    """Each scan and while equation, inner jaxprs included: its name, length and outputs."""
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name in ("scan", "while"):
            params = f"length={eqn.params['length']} reverse={eqn.params['reverse']}" if name == "scan" else \
                f"cond_nconsts={eqn.params['cond_nconsts']} body_nconsts={eqn.params['body_nconsts']}"
            yield f"{name}[{params} ...] -> {' '.join(v.aval.str_short() for v in eqn.outvars)}"
        for param in eqn.params.values():
            for inner in param if isinstance(param, tuple) else (param,):
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr holds a Jaxpr
                if hasattr(inner, "eqns"):
                    yield from loop_heads(inner)


def rounded(tree):
    """A value, or each leaf of a pytree after its path, to 4 decimals."""
    leaves = jax.tree_util.tree_flatten_with_path(tree)[0]
    text = [np.array2string(np.asarray(leaf, np.float32), precision=4, separator=", ") for _, leaf in leaves]
    if len(leaves) == 1 and not leaves[0][0]:
        return text[0]
    return "; ".join(f"{jax.tree_util.keystr(path)}: {t}" for (path, _), t in zip(leaves, text))


def show(label, jitted, value=True):
    """Trace `jitted` at (x, n): print the loops its jaxpr holds and what it returns, or the error."""
    try:
        traced = jitted.trace(x, n)  # tracing is where grad fails, before anything runs
    except ValueError as error:
        print(f"  {label + ':':8} {type(error).__name__}: {str(error).splitlines()[0]}")
        return
    for head in loop_heads(traced.jaxpr.jaxpr):
        print(f"  {label + ':':8} {head}")
    if value:
        print(f"  {label + ' =':8} {rounded(jitted(x, n))}")


for name, g in functions:
    print(f"== {name}")
    # A Python int n is concrete: jax.grad(g)(x, n) without jit sees it as it is, and
    # static_argnums keeps it so under jit; both trace the jaxpr shown here.
    print(f"-- n={n} concrete (jax.grad without jit, or jit with static_argnums=1)")
    show("loops", jax.jit(g, static_argnums=1), value=False)
    show("grad", jax.jit(jax.grad(g), static_argnums=1))
    print("-- n traced (an argument of jax.jit)")
    show("loops", jax.jit(g), value=False)
    show("grad", jax.jit(jax.grad(g)))
    show("jacfwd", jax.jit(jax.jacfwd(g)))  # forward mode: for a scalar, the same gradient
