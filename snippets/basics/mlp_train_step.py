import jax

from mlp import example_batch, init_params, loss


@jax.jit
def train_step(params, x, y, lr=0.1):
    """One step of gradient descent. The new parameters are returned, not written in place."""
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, value


params = init_params(jax.random.key(0))
x, y = example_batch()
start = params
for step in range(4):
    params, value = train_step(params, x, y)
    print(f"step {step}: loss {float(value):.4f}")

# The first pytree was never modified: each step built a new one.
print(f"initial params, loss recomputed: {float(loss(start, x, y)):.4f}")
