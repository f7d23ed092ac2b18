# jax.random: typed keys are values of a key dtype, and the primitives act on them as a whole.
import jax
import jax.numpy as jnp
from jax.extend import random as jex_random


def sample(seed, data):
    key = jax.random.key(seed)
    a, b = jax.random.split(key)
    c = jax.random.fold_in(a, 7)
    return [jax.random.bits(c, (2,)), jax.random.gamma(b, 2.0), jax.random.clone(b),
            jax.random.key_data(c), jax.random.wrap_key_data(data)]


print(jax.make_jaxpr(sample)(0, jnp.zeros(2, jnp.uint32)))
# The threefry hash that the default implementation runs when these are compiled (jax.extend API):
print(jax.make_jaxpr(jex_random.threefry_2x32)(jnp.zeros(2, jnp.uint32), jnp.arange(4, dtype=jnp.uint32)))
