import jax

from mlp import example_batch, init_params, mlp

# Tracing needs only shapes and dtypes: eval_shape traces the two functions and returns those, not arrays.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

fast_mlp = jax.jit(mlp)


def loss_with_inner_jit(params, x, y):
    err = fast_mlp(params, x) - y
    return (err * err).sum()


print(jax.make_jaxpr(loss_with_inner_jit)(params, x, y))
