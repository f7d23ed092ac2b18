import jax
import jax.numpy as jnp

from examples import transposed
from show import computation

x = jnp.arange(128, dtype=jnp.float32).reshape(8, 16)
lowered = jax.jit(transposed).lower(x)
broken = lowered.compile({"xla_disable_hlo_passes": "layout-assignment"})
print(computation(broken.as_text(), "ENTRY"))
print("correct result:", bool((broken(x) == x.T).all()))
print("correct with every pass on:", bool((lowered.compile()(x) == x.T).all()))
