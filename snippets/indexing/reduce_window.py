import jax
import jax.numpy as jnp

from hlo_lines import called, computation, hlo, jaxpr

x = jnp.arange(1.0, 6.0)  # [1. 2. 3. 4. 5.]
print("# jnp.cumsum(x)")
print(jaxpr(jax.make_jaxpr(jnp.cumsum)(x), "cumsum"))
text = jax.jit(jnp.cumsum).lower(x).as_text(dialect="hlo")
window = hlo(text, "reduce-window")
print(window)
print(computation(text, called(window)))
print(jax.jit(jnp.cumsum)(x))


def max_pool(image):
    # the largest element of each 2x2 block, blocks side by side (stride 2)
    return jax.lax.reduce_window(image, -jnp.inf, jax.lax.max, (2, 2), (2, 2), "VALID")


image = jnp.arange(16.0).reshape(4, 4)
print("# 2x2 max pooling, stride 2")
print(jaxpr(jax.make_jaxpr(max_pool)(image), "reduce_window_max"))
text = jax.jit(max_pool).lower(image).as_text(dialect="hlo")
window = hlo(text, "reduce-window")
print(window)
print(computation(text, called(window)))
print(jax.jit(max_pool)(image))
