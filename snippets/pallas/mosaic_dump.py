from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch folder (git-ignored), the same on every run

import os

# libtpu reads its flags from this variable when it loads, on a machine without a TPU too.
os.environ["LIBTPU_INIT_ARGS"] = "--xla_mosaic_dump_to=mosaic"

import re  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.experimental import pallas as pl  # noqa: E402

import target  # noqa: E402

if target.only("tpu"):  # Mosaic is part of libtpu: only a TPU compile runs it

    def add_kernel(a_ref, b_ref, sum_ref):
        sum_ref[...] = a_ref[...] + b_ref[...]

    tile = jax.ShapeDtypeStruct((8, 128), jnp.float32)
    add = pl.pallas_call(add_kernel, out_shape=tile, name="my_add")
    target.compile(add, tile, tile)

    # File names: TIMESTAMP-STEP-mosaic-dump-KERNEL-PASS.txt; the timestamps change on every run.
    names = Counter(re.sub(r"^\d+-", "", path.name) for path in Path("mosaic").iterdir())
    print(f"files in mosaic/: {sum(names.values())}")
    for name, count in sorted(names.items()):
        print(f"  {name}" + (f"  (x{count})" if count > 1 else ""))

    def step(name):
        (path,) = Path("mosaic").glob(f"*-mosaic-dump-my_add-{name}.txt")
        return path.read_text().splitlines()

    passes = sorted((path for path in Path("mosaic").iterdir() if "-0000-" not in path.name),
                    key=lambda path: path.name.split("-")[1])  # by step: original, then each pass
    changed = [after.name.split("my_add-")[1][:-4] for before, after in zip(passes, passes[1:])
               if before.read_text() != after.read_text()]
    print(f"passes that changed the module ({len(changed)} of {len(passes) - 1}): {', '.join(changed)}")

    for name, wanted in [("original", r"%a_ref: |arith\.addf|vector_store"),
                         ("post-infer-memref-layout", r"%a_ref: "),
                         ("post-infer-vector-layout", r"arith\.addf"),
                         ("post-apply-vector-layout", r"tpu\.load %get3A_3|arith\.addf|tpu\.store"),
                         ("post-finalize-llo", r"llo\.")]:
        lines = step(name)
        print(f"\n--- {name} ({len(lines)} lines)")
        for line in lines:
            if re.search(wanted, line):
                line = line.strip()
                if line.startswith("func.func"):  # the signature: the first argument is enough
                    line = line.split(", %b_ref")[0] + ", ..."
                print("  " + line)
