import jax
import jax.numpy as jnp

# --8<-- [start:function]
def scaled_relu(x, scale):
    return scale * jnp.maximum(x, 0.0)
# --8<-- [end:function]

# --8<-- [start:trace]
x = jnp.linspace(-1.0, 1.0, 5)
print(jax.make_jaxpr(scaled_relu)(x, 2.0))
# --8<-- [end:trace]
