import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()

# loss works on one example too; vmap maps over the rows of x and y but not params.
per_example = jax.jit(jax.vmap(jax.grad(loss), in_axes=(None, 0, 0)))(params, x, y)
print("per-example gradient shapes:", jax.tree.map(jnp.shape, per_example))

# The batch loss is the mean of the per-example losses, so its gradient is their mean.
batch = jax.jit(jax.grad(loss))(params, x, y)
means = jax.tree.map(lambda g: g.mean(axis=0), per_example)
close = jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-6)), means, batch)
print("mean of per-example == batch gradient:", all(jax.tree.leaves(close)))
