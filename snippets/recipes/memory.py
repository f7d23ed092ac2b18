import math

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
def attention_scores(x, w):
    h = jnp.tanh(x @ w)
    p = jnp.exp(h - h.max(axis=-1, keepdims=True))
    return (p / p.sum(axis=-1, keepdims=True)) @ w.T


args = (jnp.ones((256, 512)), jnp.ones((512, 512)))
jitted = jax.jit(attention_scores)  # add donate_argnums=... here if your program donates
# --8<-- [end:your-function]

# Everything below works for any jitted function and arguments. Shapes are enough:
# lower() and compile() never run the function, so this works for sizes that would not fit.
specs = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), args)
compiled = target.compile_jitted(jitted, *specs)
m = compiled.memory_analysis()


def nbytes(tree):  # what the shapes and dtypes alone say
    return sum(math.prod(a.shape) * a.dtype.itemsize for a in jax.tree.leaves(tree))


rows = [
    ("arguments", m.argument_size_in_bytes),
    ("outputs", m.output_size_in_bytes),
    ("temporaries (temp)", m.temp_size_in_bytes),
    ("aliased (donated, reused)", m.alias_size_in_bytes),
    ("generated code", m.generated_code_size_in_bytes),
    ("peak_memory_in_bytes", m.peak_memory_in_bytes),
]
for label, value in rows:
    print(f"{label:28} {value:>14,} bytes")
# On the CPU, peak_memory_in_bytes leaves the temporaries out: add them.
print(f"{'peak_memory_in_bytes + temp':28} {m.peak_memory_in_bytes + m.temp_size_in_bytes:>14,} bytes")
print()
# input_shardings has None for an argument the function never reads: jit dropped it, and it takes no memory.
shardings = jax.tree.leaves(compiled.input_shardings[0], is_leaf=lambda s: s is None)
kept = [a for a, s in zip(jax.tree.leaves(specs), shardings) if s is not None]
dropped = f", {len(shardings) - len(kept)} unused left out" if len(kept) < len(shardings) else ""
print(f"arguments by their shapes:   {nbytes(kept):>14,} bytes{dropped}")
outs = len(jax.tree.leaves(compiled.out_info))
print(f"outputs by their shapes:     {nbytes(compiled.out_info):>14,} bytes in {outs} array{'s' * (outs != 1)}")
