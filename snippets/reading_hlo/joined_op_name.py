import jax
import jax.numpy as jnp


def loss(x):
    return (jnp.sin(x) * 2.0).sum()


x = jax.ShapeDtypeStruct((4,), jnp.float32)
print(jax.make_jaxpr(jax.grad(loss))(x))
lowered = jax.jit(jax.grad(loss)).lower(x)
print("# ---- the unoptimized HLO, the instructions with an op_name, without stack_frame_id ----")
for line in lowered.as_text(dialect="hlo", debug_info=True).splitlines():
    if "op_name=" in line and " parameter(" not in line:
        print(line.strip().split(" stack_frame_id")[0] + "}")
