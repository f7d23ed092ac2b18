import jax
import jax.numpy as jnp


def relu_max(x):
    return jnp.maximum(x, 0.0)  # what snippets/mlp.py uses


print("grad of jnp.maximum(x, 0.0) at 0:", jax.grad(relu_max)(0.0))
print("grad of jax.nn.relu at 0:        ", jax.grad(jax.nn.relu)(0.0))
print("at -1 and 1:", [float(jax.grad(relu_max)(v)) for v in (-1.0, 1.0)])
