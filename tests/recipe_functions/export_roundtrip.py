# A second function for recipes/export_roundtrip.py: bf16 and int16 arguments, a rank-3
# argument, two results, and batch sizes 1 and 4096.
def stats(x, counts):
    return x.astype(jnp.float32).sum(axis=(1, 2)), counts * 2


(b,) = export.symbolic_shape("b")
specs = (jax.ShapeDtypeStruct((b, 3, 2), jnp.bfloat16), jax.ShapeDtypeStruct((b,), jnp.int16))
batch_sizes = (1, 4096)
jitted = jax.jit(stats)
