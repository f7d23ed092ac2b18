import jax
import jax.numpy as jnp


def attention(q, k):
    s = jnp.einsum("bqd,bdk->bqk", q, k)
    return jnp.exp(s - s.max(axis=-1, keepdims=True))


for dtype in (jnp.float32, jnp.bfloat16):
    args = (jnp.ones((4, 32, 64), dtype), jnp.ones((4, 64, 16), dtype))
    lowered = jax.jit(attention).lower(*args)
    compiled = lowered.compile()
    converts = compiled.as_text().count(" convert(")
    print(f"{jnp.dtype(dtype).name:9} flops before the passes {lowered.cost_analysis()['flops']:.0f},",
          f"after {compiled.cost_analysis()['flops']:.0f}; converts after: {converts}")
