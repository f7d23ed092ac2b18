# A second function for recipes/tpu_stablehlo.py: float32 and tiny (a 2x2 matrix), and an
# operation, eigh, that JAX lowers differently for a TPU.
def eigenvalues(a):
    return jnp.linalg.eigh(a)[0]


specs = (jax.ShapeDtypeStruct((2, 2), jnp.float32),)
jitted = jax.jit(eigenvalues)
