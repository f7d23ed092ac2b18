import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, loss


def squared_norm_of_grad(params, x, y):
    g = jax.grad(loss)(params, x, y)
    return sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(g))


variants = {
    "vmap(grad)": jax.vmap(jax.grad(loss), in_axes=(None, 0, 0)),
    "vmap(squared norm of grad)": jax.vmap(squared_norm_of_grad, in_axes=(None, 0, 0)),
    "lax.map(same, batch_size=2)": lambda p, x, y: jax.lax.map(
        lambda xy: squared_norm_of_grad(p, *xy), (x, y), batch_size=2
    ),
}

# Shapes only: the sizes come from XLA's buffer assignment, nothing runs.
for features, hidden, outputs in [(16, 32, 4), (512, 512, 16)]:
    params = jax.eval_shape(lambda: init_params(features=features, hidden=hidden, outputs=outputs))
    x, y = jax.eval_shape(lambda: example_batch(features=features, outputs=outputs))
    print(f"MLP {features}-{hidden}-{outputs}, batch of 8: bytes of result / of temporaries")
    for name, fn in variants.items():
        memory = jax.jit(fn).lower(params, x, y).compile().memory_analysis()
        print(f"  {name:28} {memory.output_size_in_bytes:9} {memory.temp_size_in_bytes:9}")

# The wide squared-norm program: which top-level instructions write 8·512·512 floats?
hlo = jax.jit(variants["vmap(squared norm of grad)"]).lower(params, x, y).compile().as_text()
print("f32[8,512,512] written at top level by the wide squared-norm program:")
for line in hlo.split("\nENTRY ")[1].splitlines():
    if " = f32[8,512,512]" in line:
        print(" ", line.split()[0], "with op_name", line.split('op_name="')[1].split('"')[0])
