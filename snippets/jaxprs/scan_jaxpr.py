import jax
import jax.numpy as jnp
from jax import lax

w = jnp.full((4, 4), 0.1)  # closed over by the step function


def step(h, x_t):
    h = jnp.tanh(h @ w + x_t)  # new carry
    return h, h.sum()  # (carry, per-step output)


def rnn(h0, xs):
    return lax.scan(step, h0, xs)


print(jax.make_jaxpr(rnn)(jnp.zeros(4), jnp.ones((6, 4))))
