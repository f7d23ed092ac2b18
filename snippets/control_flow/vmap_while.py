import jax
import jax.numpy as jnp

body_runs = []


def halvings(x, count_runs=False):
    """How many times x must be halved to reach 1 or less: a data-dependent trip count."""
    def cond(state):
        x, n = state
        return x > 1.0

    def body(state):
        x, n = state
        if count_runs:
            jax.debug.callback(lambda: body_runs.append(1))
        return x / 2, n + 1

    return jax.lax.while_loop(cond, body, (x, 0))[1]


xs = jnp.array([1.0, 5.0, 100.0])
print(jax.make_jaxpr(jax.vmap(halvings))(xs))
print(jax.jit(jax.vmap(halvings)).lower(xs).as_text(dialect="hlo"))

counts = jax.vmap(lambda x: halvings(x, count_runs=True))(xs)
jax.effects_barrier()  # wait until every callback has run
print(f"# vmap over xs: counts {counts.tolist()}; the body ran {len(body_runs)} times")
body_runs.clear()
counts = [int(halvings(x, count_runs=True)) for x in xs]
jax.effects_barrier()
print(f"# one x at a time: counts {counts}; the body ran {len(body_runs)} times")
