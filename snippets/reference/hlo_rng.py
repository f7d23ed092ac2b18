import jax.numpy as jnp
from jax import lax

from hlo_lines import show

state = jnp.zeros(4, jnp.uint32)

show("lax.rng_bit_generator(state, (4,))", lambda s: lax.rng_bit_generator(s, (4,)), state)
show("lax.rng_uniform(0.0, 1.0, (4,))", lambda: lax.rng_uniform(0.0, 1.0, (4,)))
print()
print("after the CPU's passes:")
show("lax.rng_uniform(0.0, 1.0, (4,))", lambda: lax.rng_uniform(0.0, 1.0, (4,)), optimized=True)
