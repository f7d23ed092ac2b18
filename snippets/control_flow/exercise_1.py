import jax
import jax.numpy as jnp


def total_and_count(xs):
    def step(carry, x):
        total, count = carry
        return (total + x, count + 1), total  # two carries, one stacked output

    return jax.lax.scan(step, (jnp.float32(0), jnp.int32(0)), xs)


text = jax.jit(total_and_count).lower(jnp.arange(5.0)).as_text(dialect="hlo")
print(next(line for line in text.splitlines() if " while(" in line).strip())
