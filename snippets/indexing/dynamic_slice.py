import re

import jax
import jax.numpy as jnp

from hlo_lines import hlo

x = jnp.arange(5.0) * 10  # [ 0. 10. 20. 30. 40.]


def pick(x, i):
    return x[i]  # i is traced: its value is known only when the program runs


print(jax.make_jaxpr(pick)(x, 0))
text = jax.jit(pick).lower(x, 0).as_text(dialect="hlo")
print(hlo(text, "compare", "add", "select", "dynamic-slice", "reshape"))

print()
for i in [1, -1, 4, 5, 7, -7]:
    print(f"pick(x, {i:2}) = {jax.jit(pick)(x, i)}")


def window(x, i):
    return jax.lax.dynamic_slice(x, (i,), (2,))  # two elements from position i


print()
print(hlo(jax.jit(window).lower(x, 0).as_text(dialect="hlo"), "dynamic-slice"))
for i in [0, 3, 4, 9]:
    print(f"window(x, {i}) = {jax.jit(window)(x, i)}")


def opcodes(f, *args):
    text = jax.jit(f).lower(*args).as_text(dialect="hlo")
    return sorted(set(re.findall(r"= \S+ ([a-z-]+)\(", text)) - {"parameter", "constant"})


# Which start indices get the wrap: an int8 one, an unsigned one, and one that asks for none.
print()
print("x[i], i int8:", opcodes(pick, x, jnp.int8(0)))
print("x[i], i uint32:", opcodes(pick, x, jnp.uint32(0)))
print("x.at[i].get(wrap_negative_indices=False):",
      opcodes(lambda x, i: x.at[i].get(wrap_negative_indices=False), x, 0))
print("x[idx], idx int32[2]:", opcodes(pick, x, jnp.array([1, 2])))
