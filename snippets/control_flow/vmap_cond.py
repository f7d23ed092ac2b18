import collections

import jax
import jax.numpy as jnp


def f(use_sin, x):
    return jax.lax.cond(use_sin, jnp.sin, jnp.cos, x)


flags, xs = jnp.array([True, False, True]), jnp.arange(3.0)

print("# predicate batched: vmap(f)(flags, xs)")
print(jax.make_jaxpr(jax.vmap(f))(flags, xs))
print("# predicate not batched: vmap(f, in_axes=(None, 0))(True, xs)")
print(jax.make_jaxpr(jax.vmap(f, in_axes=(None, 0)))(True, xs))
print("# predicate batched, unoptimized HLO")
print(jax.jit(jax.vmap(f)).lower(flags, xs).as_text(dialect="hlo"))

# The same cond with a callback in each branch that counts the branch's runs.
runs = collections.Counter()


def counted(name, fun):
    def branch(x):
        jax.debug.callback(lambda: runs.update([name]))
        return fun(x)
    return branch


def g(use_sin, x):
    return jax.lax.cond(use_sin, counted("sin", jnp.sin), counted("cos", jnp.cos), x)


print("# branch runs, counted by callbacks")
for label, run in [("predicate batched", lambda: jax.vmap(g)(flags, xs)),
                   ("predicate not batched", lambda: jax.vmap(g, in_axes=(None, 0))(True, xs))]:
    runs.clear()
    run().block_until_ready()
    jax.effects_barrier()  # wait until every callback has run
    print(f"{label}: {dict(sorted(runs.items()))}")
