from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import glob

import jax
import jax.numpy as jnp


def times_one(x):
    return jnp.sin(x) * 1.0 + x  # a multiplication by one


def constants(x):
    return x * (2.0 + 3.0 * jnp.ones(4)) + 0.0  # arithmetic on constants, an addition of zero


x = jax.ShapeDtypeStruct((4,), jnp.float32)
options = {"xla_dump_to": "dump", "xla_dump_hlo_as_text": True}
for f in (times_one, constants):
    lowered = jax.jit(f).lower(x)
    jaxpr = str(jax.make_jaxpr(f)(x))
    stablehlo = lowered.as_text()
    hlo = lowered.as_text(dialect="hlo")
    lowered.compile(options)  # writes dump/...jit_<name>.before_optimizations.txt
    (dumped,) = glob.glob(f"dump/*jit_{f.__name__}.before_optimizations.txt")
    before_passes = open(dumped).read()
    print(f"{f.__name__}: multiplications / additions")
    print("  jaxpr                      ", jaxpr.count(" mul "), "/", jaxpr.count(" add "))
    print("  StableHLO                  ", stablehlo.count("stablehlo.multiply"), "/", stablehlo.count("stablehlo.add"))
    print('  as_text(dialect="hlo")     ', hlo.count(" multiply("), "/", hlo.count(" add("))
    print("  before_optimizations.txt   ", before_passes.count(" multiply("), "/", before_passes.count(" add("))
    print(hlo)
