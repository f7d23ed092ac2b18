# A second function for recipes/which_pass.py: bf16, tiny (a 2x3 matrix), other opcodes:
# the converts that bf16 arithmetic brings on the CPU, and a reduction.
def rms(x):
    return x / jnp.sqrt(jnp.mean(x * x, axis=-1, keepdims=True))


function = jax.jit(rms)
args = (jnp.ones((2, 3), jnp.bfloat16),)
opcodes = ("convert", "reduce", "divide", "sqrt")
