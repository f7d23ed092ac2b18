import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, loss

params = init_params(jax.random.key(0))
x, y = example_batch()

# grad differentiates with respect to the first argument, here the whole pytree.
grads = jax.jit(jax.grad(loss))(params, x, y)
print("gradient shapes:", jax.tree.map(jnp.shape, grads))
print("same structure as params:", jax.tree.structure(grads) == jax.tree.structure(params))

# value_and_grad returns the loss as well, from the same forward pass.
value, grads = jax.value_and_grad(loss)(params, x, y)
print("loss:", round(float(value), 4))
