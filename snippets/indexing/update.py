import jax
import jax.numpy as jnp

from hlo_lines import called, computation, hlo

x = jnp.arange(5.0) * 10  # [ 0. 10. 20. 30. 40.]


def set_at(x, i, v):
    return x.at[i].set(v)  # v: f32[]


def update_slice(x, i, block):
    return jax.lax.dynamic_update_slice(x, block, (i,))  # block: f32[1]


v, block = jnp.float32(-1), jnp.array([-1.0])
print("# x.at[i].set(v)")
text = jax.jit(set_at).lower(x, 0, v).as_text(dialect="hlo")
scatter = hlo(text, "scatter")
print(scatter)
print(computation(text, called(scatter)))
print("# lax.dynamic_update_slice(x, block, (i,))")
print(hlo(jax.jit(update_slice).lower(x, 0, block).as_text(dialect="hlo"), "dynamic-update-slice"))

print()
for i in [1, -1, 7]:
    print(f"i = {i:2}:  set_at {jax.jit(set_at)(x, i, v)}   update_slice {jax.jit(update_slice)(x, i, block)}")
