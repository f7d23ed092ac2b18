import jax

from examples import X, halve
from show import readable

compiled = jax.jit(halve).lower(X).compile({"xla_disable_hlo_passes": "algsimp"})
print(readable(compiled.as_text()))
