import jax
import jax.numpy as jnp
from jax import lax
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def predicate(x):  # which branch your code takes
    return x.sum() > 0


def if_true(x):  # the expensive branch: three 64x64 matrix products
    return jnp.tanh(x @ x) @ x @ x


def if_false(x):  # the cheap one: one elementwise op
    return -x


x = jnp.full((64, 64), 0.01)
batch = jnp.stack([x, -x, x])  # inputs for vmap, one per example
# --8<-- [end:your-function]

# Everything below works for any predicate and two branches of the same input pytree.
def with_cond(x):
    return lax.cond(predicate(x), if_true, if_false, x)


def with_where(x):  # both branches computed, then one chosen per element
    return jax.tree.map(lambda t, f: jnp.where(predicate(x), t, f), if_true(x), if_false(x))


def primitives(jaxpr, names=("cond", "select_n")):
    """How many equations of each name the jaxpr holds, inner jaxprs included."""
    found = dict.fromkeys(names, 0)
    for eqn in jaxpr.eqns:
        if eqn.primitive.name in found:
            found[eqn.primitive.name] += 1
        for param in eqn.params.values():
            for inner in param if isinstance(param, tuple) else (param,):
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr holds a Jaxpr
                if hasattr(inner, "eqns"):
                    for name, n in primitives(inner, names).items():
                        found[name] += n
    return found


def compiled(fn, arg):
    """The optimized HLO's conditionals and selects, and cost_analysis()'s flops."""
    c = target.compile(fn, arg)
    text = c.as_text()
    cost = c.cost_analysis()  # None where the backend gives no estimate (the GPUs)
    flops = "None" if cost is None else f"{cost.get('flops', 0):.0f}"  # no 'flops' key: no arithmetic (a constant)
    return f"conditional={text.count(' conditional(')} select={text.count(' select(')} flops={flops}"


SHOWN_AS = {"cpu": "the CPU", "tpu-v5e": "a TPU v5e", "h100": "an H100"}
print(f"== optimized HLO on {SHOWN_AS.get(target.name(), target.name())}, and cost_analysis() flops")
for label, fn in [("if_true alone", if_true), ("if_false alone", if_false),
                  ("predicate alone", predicate), ("lax.cond", with_cond), ("jnp.where", with_where)]:
    print(f"{label:16} {compiled(fn, x)}")
print(f"== vmap(lax.cond) over {len(jax.tree.leaves(batch)[0])} examples, one predicate each")
batched = jax.vmap(with_cond)
found = primitives(jax.make_jaxpr(batched)(batch).jaxpr)
print(f"{'jaxpr':16} " + " ".join(f"{name}={n}" for name, n in found.items()))
print(f"{'HLO':16} {compiled(batched, batch)}")
