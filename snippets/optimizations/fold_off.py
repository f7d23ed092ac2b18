import jax

from examples import X, add_table_total
from show import readable

lowered = jax.jit(add_table_total).lower(X)
compiled = lowered.compile({"xla_disable_hlo_passes": "constant_folding"})
print(readable(compiled.as_text()))
