import jax

from examples import X, elementwise
from hlo_stats import stats
from show import readable

lowered = jax.jit(elementwise).lower(X)
compiled = lowered.compile({"xla_disable_hlo_passes": "fusion"})
print(readable(compiled.as_text()))

# Also switch off the pass that wraps each leftover operation in a fusion of its own.
bare = lowered.compile({"xla_disable_hlo_passes": "fusion,fusion-wrapper"})
print("\nwith fusion and fusion-wrapper disabled, ENTRY holds:")
print(dict(stats(bare.as_text())["entry_opcodes"]))
