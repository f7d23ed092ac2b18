import jax

from examples import X, add_ramp
from show import readable

lowered = jax.jit(add_ramp).lower(X)
optimized = lowered.compile().as_text()
print(readable(optimized))

no_folding = lowered.compile({"xla_disable_hlo_passes": "constant_folding"}).as_text()
print("\nsame computations with constant_folding disabled:", readable(optimized) == readable(no_folding))
