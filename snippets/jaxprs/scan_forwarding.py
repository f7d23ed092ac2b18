import jax
import jax.numpy as jnp
from jax import lax


def step(carry, x_t):
    h, k = carry
    # k goes back unchanged (a read-only carry); x_t is returned as it came in
    return (jnp.tanh(h + x_t), k), (x_t, h.sum())


def run(h0, k, xs):
    (h, k_out), (xs_out, sums) = lax.scan(step, (h0, k), xs)
    return h, k_out, xs_out, sums


print(jax.make_jaxpr(run)(jnp.zeros(4), jnp.ones(3), jnp.ones((6, 4))))
