import jax
import jax.numpy as jnp


def g(x):
    return jnp.sin(x).sum()


x = jnp.arange(3.0)
xs = jnp.arange(6.0).reshape(2, 3)  # a batch of two x
compiled = jax.jit(g).lower(x).compile()

for name, transformed, arg in [("jax.grad", jax.grad(compiled), x),
                               ("jax.vmap", jax.vmap(compiled), xs),
                               ("jax.jit", jax.jit(compiled), x)]:
    try:
        transformed(arg)
        print(f"{name}(compiled): ran")
    except Exception as e:
        print(f"{name}(compiled): {type(e).__name__}: {e}")

# jax.jit(g) itself can be transformed: each transformation traces g again
print("jax.grad(jax.jit(g)):", jax.grad(jax.jit(g))(x))
print("jax.vmap(jax.jit(g)):", jax.vmap(jax.jit(g))(xs))

# Transform first, then compile: the gradient ahead of time
grad_compiled = jax.jit(jax.grad(g)).lower(x).compile()
print("jax.jit(jax.grad(g)).lower(x).compile():", grad_compiled(x))
