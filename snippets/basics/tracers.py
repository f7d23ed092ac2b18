import jax
import jax.numpy as jnp


def show(x):
    """Identity, but it reports what it was called with."""
    print(f"  {type(x).__name__:<18} {x}")
    return x


x = jnp.arange(3.0)
print("plain call:")
show(x)
print("under jax.jit:")
jax.jit(show)(x)
print("under jax.vmap:")
jax.vmap(show)(x)
print("under jax.grad:")
jax.grad(lambda v: jnp.sum(show(v)))(x)
