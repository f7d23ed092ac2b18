import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

x = jnp.ones((8, 128), jnp.float32)
candidates = {
    "jnp.exp": jnp.exp,
    "jnp.cumsum": lambda v: jnp.cumsum(v, axis=1),
    "lax.rev": lambda v: lax.rev(v, (1,)),
    "jnp.roll": lambda v: jnp.roll(v, 1, axis=1),
}
for name, fn in candidates.items():
    def kernel(x_ref, o_ref, fn=fn):
        o_ref[...] = fn(x_ref[...])
    call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))
    try:
        jax.export.export(jax.jit(call), platforms=["tpu"])(x)
        print(f"{name:11} lowers")
    except NotImplementedError as e:
        print(f"{name:11} NotImplementedError:", str(e).split(". ")[0])
