"""A classifier's cross-entropy: a dict of parameters, integer labels, a scalar loss."""
# tags: loss, scalar-output, pytree-args, dict, int-arg, matmul, f32
import jax
import jax.numpy as jnp


def fn(params, x, labels):
    logits = jnp.tanh(x @ params["w1"]) @ params["w2"]
    logp = jax.nn.log_softmax(logits)
    return -jnp.take_along_axis(logp, labels[:, None], axis=1).mean()


args = ({"w1": jnp.ones((16, 32)) / 16, "w2": jnp.ones((32, 4)) / 32}, jnp.ones((8, 16)),
        jnp.array([0, 1, 2, 3, 0, 1, 2, 3], jnp.int32))
jitted = jax.jit(fn)
