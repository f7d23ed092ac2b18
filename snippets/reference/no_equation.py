# Two public functions that bind a primitive, yet leave no equation of it in the jaxpr printed here.
import jax
import jax.numpy as jnp
from jax import lax

# lax.stage binds stage, whose binding turns its operand into a value of the trace: nothing to record.
print(jax.make_jaxpr(lambda x: lax.stage(x) * 2)(1.0))

# The cuDNN attention binds dot_product_attention_fwd_wrapper on a GPU; here it stops before that.
q = jnp.ones((1, 8, 2, 16), jnp.bfloat16)
try:
    jax.make_jaxpr(lambda q: jax.nn.dot_product_attention(q, q, q, implementation="cudnn"))(q)
except RuntimeError as e:
    print("RuntimeError:", e)
