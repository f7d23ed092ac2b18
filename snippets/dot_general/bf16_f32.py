import re

import jax
import jax.numpy as jnp
from jax import lax

import target


def mixed(a, b):  # bfloat16 operands, a float32 result
    return lax.dot(a, b, preferred_element_type=jnp.float32)


def instructions(compiled):
    """Each instruction of the optimized module, without metadata; of a backend_config,
    only the fusion kind it names."""
    for line in compiled.as_text().splitlines():
        if " = " not in line or line.startswith(("HloModule", "FileNames")):
            continue
        kind = re.search(r'"kind":"(\w+)"', line)
        line = re.sub(r", (metadata|backend_config)=.*", "", line)
        yield line + (f"  [{kind[1]}]" if kind else "")


for n in (8, 1024):
    a = jnp.ones((n, n), jnp.bfloat16)
    if target.name() != "cpu":  # YNNPACK is the CPU's library: a TPU or GPU target compiles the default only
        print(f"== {n}x{n}, default")
        for line in instructions(target.compile(mixed, a, a)):
            print(line)
        continue
    for label, options in [("default", {}), ("no YNNPACK", {"xla_cpu_experimental_ynn_fusion_type": ""})]:
        print(f"== {n}x{n}, {label}")
        for line in instructions(jax.jit(mixed).lower(a, a).compile(options)):
            print(line)
