import jax
import jax.numpy as jnp

import target


def three_way(i, x, y):
    return jax.lax.switch(i, [jnp.add, jnp.multiply, jnp.subtract], x, y)


lowered = jax.jit(three_way).lower(1, jnp.ones(4), jnp.ones(4))
unoptimized = lowered.as_text(dialect="hlo")
print("# unoptimized, the ENTRY computation:")
print(unoptimized[unoptimized.index("ENTRY"):].strip())
optimized = target.compile(three_way, 1, jnp.ones(4), jnp.ones(4)).as_text()
print("# ---- after compile(): ENTRY and branch 0 ----")
start = optimized.index("%region_0.1 ")
print(optimized[start:optimized.index("\n}\n", start) + 2])
print(optimized[optimized.index("ENTRY"):].strip())
