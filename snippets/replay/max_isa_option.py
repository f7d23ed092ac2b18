import jax
import numpy as np

from repro import A, B, C, residual

# The same cap as a compile option, for one compilation, instead of in XLA_FLAGS.
for isa in ["AVX", "SSE4_2"]:
    run = jax.jit(residual, compiler_options={"xla_cpu_max_isa": isa})
    print(f"jax.jit(residual, compiler_options={{'xla_cpu_max_isa': {isa!r}}}): {str(np.float32(run(A, B, C)))}")
