# Products, convolutions, the FFT and the random bits XLA makes: jax.lax calls that bind one primitive
# each, and the two gradients of a max pooling that bind the select_and_* primitives.
import jax
import jax.numpy as jnp
from jax import lax


def products(a, b, img, kernel, group_sizes):
    return [lax.dot_general(a, b, (((1,), (0,)), ((), ()))),
            lax.ragged_dot(a, jnp.ones((2, 8, 4)), group_sizes),
            lax.scaled_dot(a, b.T, dimension_numbers=(((1,), (1,)), ((), ()))),
            jax.nn.scaled_matmul(a[None].astype(jnp.float8_e4m3fn), b.T[None].astype(jnp.float8_e4m3fn),
                                 jnp.ones((1, 4, 1), jnp.float8_e8m0fnu), jnp.ones((1, 4, 1), jnp.float8_e8m0fnu)),
            lax.conv_general_dilated(img, kernel, window_strides=(1, 1), padding="SAME"),
            jnp.fft.fft(a)]


def machine(key, x):
    token = lax.after_all(lax.create_token())
    return [lax.rng_bit_generator(key, (2, 2)), lax.rng_uniform(0.0, 1.0, (2,)),
            lax.optimization_barrier(x), lax.stage(x), token]


def max_pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (2, 2), (2, 2), "VALID").sum()


a, b = jnp.ones((4, 8)), jnp.ones((8, 4))
img, kernel = jnp.ones((1, 1, 6, 6)), jnp.ones((1, 1, 3, 3))
print(jax.make_jaxpr(products)(a, b, img, kernel, jnp.array([2, 2])))
print(jax.make_jaxpr(machine)(jnp.zeros(4, jnp.uint32), 1.0))
x = jnp.ones((4, 4))
print(jax.make_jaxpr(jax.grad(max_pool))(x))
print(jax.make_jaxpr(lambda x, t: jax.jvp(max_pool, (x,), (t,)))(x, x))
