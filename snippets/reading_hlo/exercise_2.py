import jax
import jax.numpy as jnp


def project(x, w):
    return x @ w.T  # w is stored as (outputs, features)


lowered = jax.jit(project).lower(jnp.ones((8, 16)), jnp.ones((4, 16)))
print(lowered.as_text(dialect="hlo"))
print("# ---- after compile(): from the first fused computation on ----")
optimized = lowered.compile().as_text()
print(optimized[optimized.index("%fused_computation") :])
