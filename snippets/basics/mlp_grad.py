import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()

# grad differentiates with respect to the first argument, here the whole pytree.
grads = jax.jit(jax.grad(loss))(params, x, y)
print("gradient shapes:", jax.tree.map(jnp.shape, grads))
print("same structure as params:", jax.tree.structure(grads) == jax.tree.structure(params))


@jax.jit
def train_step(params, x, y, lr=0.1):
    """One step of gradient descent: new parameters are returned, nothing is written in place."""
    value, grads = jax.value_and_grad(loss)(params, x, y)  # the loss comes from the same forward pass
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, value


start = params
for step in range(4):
    params, value = train_step(params, x, y)
    print(f"step {step}: loss {float(value):.4f}")

# The first pytree was never modified: each step built a new one.
print(f"initial params, loss recomputed: {float(loss(start, x, y)):.4f}")
