import jax
import jax.numpy as jnp


@jax.jit
def halve(x):
    print("print sees:", x)                    # runs once, while tracing
    jax.debug.print("debug.print sees: {}", x)  # a callback in the program: runs on every call
    return x / 2


halve(jnp.array([2.0, 4.0]))
halve(jnp.array([6.0, 8.0]))
