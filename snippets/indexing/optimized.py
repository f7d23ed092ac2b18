"""What XLA's CPU pipeline makes of some indexing instructions, at two sizes."""

import jax
import jax.numpy as jnp

import target

from hlo_lines import called, computation, entry_summary, hlo, opcodes


def functions(n):
    x = jax.ShapeDtypeStruct((n,), jnp.float32)
    i = jax.ShapeDtypeStruct((), jnp.int32)
    one = jax.ShapeDtypeStruct((1,), jnp.int32)
    three = jax.ShapeDtypeStruct((3,), jnp.int32)
    v3 = jax.ShapeDtypeStruct((3,), jnp.float32)
    return {
        "x[i] * 2": (lambda x, i: x[i] * 2, (x, i)),
        "x[idx] * 2, 1 index": (lambda x, idx: x[idx] * 2, (x, one)),
        "x[idx] * 2, 3 indices": (lambda x, idx: x[idx] * 2, (x, three)),
        "x.at[idx].add(v)": (lambda x, idx, v: x.at[idx].add(v), (x, three, v3)),
        "concatenate slices": (lambda x: jnp.concatenate([x[n // 2 :], x[: n // 2] * 2]), (x,)),
    }


for name in functions(8):
    for n in [8, 4096]:
        f, args = functions(n)[name]
        lowered = jax.jit(f).lower(*args)
        before = sorted(set(opcodes(lowered.as_text(dialect="hlo"))))
        after = entry_summary(target.compile(f, *args).as_text())
        if n == 8:
            print(f"# {name}\n  unoptimized opcodes: {' '.join(before)}")
        print(f"  optimized, n={n:<5} {after}")

# The scatter at n=8, as the optimized module runs it:
f, args = functions(8)["x.at[idx].add(v)"]
text = target.compile(f, *args).as_text()
print()
print(computation(text, "ENTRY"))
fusion = hlo(text, "fusion").splitlines()[-1]
print(computation(text, called(fusion, "calls")))

# The same scatter with x donated (its buffer may become the result's):
donated = target.compile(f, *args, donate_argnums=0).as_text()
print()
print("donated x, optimized:", entry_summary(donated))
