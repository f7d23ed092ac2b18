from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_pass_re=.*"  # a file after every pass that changed the module

from pathlib import Path

import jax
import jax.numpy as jnp


def scaled_pick(x, idx):
    return x[idx] * 2  # idx: s32[1], one index


x = jax.ShapeDtypeStruct((8,), jnp.float32)
idx = jax.ShapeDtypeStruct((1,), jnp.int32)
jax.jit(scaled_pick).lower(x, idx).compile()

dumps = sorted(Path("dump").glob("*jit_scaled_pick.0*.txt"))
texts = [path.read_text() for path in dumps]
first = next(i for i, text in enumerate(texts) if " gather(" not in text)
print("first dump without a gather:", dumps[first].name.split(".", 2)[2])
print("  while:", texts[first].count(" while("), " dynamic-slice:", texts[first].count(" dynamic-slice("))
later = next(i for i in range(first, len(texts)) if " while(" not in texts[i])
print("first dump after it without a while:", dumps[later].name.split(".", 2)[2])
print("  while:", texts[later].count(" while("), " dynamic-slice:", texts[later].count(" dynamic-slice("))
