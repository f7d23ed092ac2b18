from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import numpy as np

from repro import A, B, C, residual

# The kernel's LLVM IR after LLVM's optimizations, at the default level and at level 0.
for level in [None, 0]:
    folder = f"dump_level_{level}"
    options = {"xla_dump_to": folder, "xla_dump_emitter_re": "llvm"}  # the second option: write the LLVM IR
    if level is not None:
        options["xla_backend_optimization_level"] = level
    compiled = jax.jit(residual).lower(A, B, C).compile(compiler_options=options)
    (ll,) = pathlib.Path(folder).glob("*multiply_subtract_fusion.ir-with-opt.ll")
    lines = ll.read_text().splitlines()
    print(f"xla_backend_optimization_level={'default' if level is None else level}: result {str(np.float32(compiled(A, B, C)))}")
    print(f"    {len(lines)} lines; loads of <1 x float> left unsimplified: {sum('load <1 x float>' in line for line in lines)}")
    for line in lines:
        if " fmul " in line or " fsub " in line:
            print("   ", line.strip())
