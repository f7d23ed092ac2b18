from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import glob
import re

import jax
import jax.numpy as jnp

from cumsum import cumsum


def sin_or_cos(use_sin, x):
    return jax.lax.cond(use_sin, jnp.sin, jnp.cos, x)


def first_pass_with(folder, marker):
    """The first per-pass dump whose text contains marker: its pipeline, and the pass that ran."""
    for path in sorted(glob.glob(f"{folder}/*.txt")):
        if marker in open(path).read():
            pipeline, step = re.search(r"\.\d{4}\.([\w-]+)\.after_([\w-]+)", path).groups()
            return f"{step} (pipeline {pipeline})"


# Dump the module after every pass that changed it, then find where each feature appears.
jax.jit(cumsum).lower(jnp.arange(5.0)).compile(
    {"xla_dump_to": "scan", "xla_dump_hlo_pass_re": ".*"})
for marker in ['"known_trip_count"', "xla_cpu_small_call", "kind=kLoop", "%wrapped_add", "copy("]:
    print(f"scan: {marker:<22} first after {first_pass_with('scan', marker)}")

jax.jit(sin_or_cos).lower(True, jnp.ones(4)).compile(
    {"xla_dump_to": "cond", "xla_dump_hlo_pass_re": ".*"})
for marker in [".clone", "(x.0: (f32[4])) -> (f32[4])", "get-tuple-element(%cond"]:
    print(f"cond: {marker:<30} first after {first_pass_with('cond', marker)}")
