"""The module just before and just after one pass changed it, read from a per-pass dump."""

import re
import shutil
from pathlib import Path

import jax
import jax.numpy as jnp

from examples import X
from show import readable


def scaled_tanh(x):
    return jnp.tanh(x * 2.0 + 1.0) / 2.0


def around_pass(name):
    """The computations of the snapshot a pass wrote (`*.after_NAME.*`) and of the one before
    it, without metadata (as show.readable prints them)."""
    shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
    jax.jit(scaled_tanh).lower(X).compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*"})
    files = sorted(Path("dump").glob("*.txt"))
    after = next(i for i, path in enumerate(files) if f".after_{name}." in path.name)
    return [readable(files[i].read_text()) for i in (after - 1, after)]
