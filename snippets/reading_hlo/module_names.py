import functools
import re

import jax
import jax.numpy as jnp


def double(x):
    return x * 2


x = jax.ShapeDtypeStruct((1, 4), jnp.float32)
wrapped = {
    "jax.jit(double)": jax.jit(double),
    "jax.jit(lambda x: x * 2)": jax.jit(lambda x: x * 2),
    "jax.jit(partial(double))": jax.jit(functools.partial(double)),
    "jax.jit(jax.vmap(double))": jax.jit(jax.vmap(double)),
    "jax.pmap(double)": jax.pmap(double),
}
# the module's name, and the op_names of its parameter and of its multiplication, in the unoptimized HLO
for label, f in wrapped.items():
    hlo = f.lower(x).as_text(dialect="hlo", debug_info=True)
    name = hlo.split()[1].rstrip(",")
    parameter = re.search(r'parameter\(0\).*?op_name="([^"]*)"', hlo)[1]
    multiply = re.search(r' multiply\(.*?op_name="([^"]*)"', hlo)[1]
    print(f"{label:27} {name:12} {parameter:13} {multiply}")
