import jax

from examples import X, halve
from hlo_stats import stats

lowered = jax.jit(halve).lower(X)
for passes in ["algsimp", "algebraic-simplifier", "AlgebraicSimplifier"]:
    compiled = lowered.compile({"xla_disable_hlo_passes": passes})
    print(f"{passes!r:>24}: divide left = {stats(compiled.as_text())['all_opcodes']['divide']}")

try:
    lowered.compile({"xla_disable_hlo_pass": "algsimp"})  # the option name itself is checked
except Exception as e:
    print(type(e).__name__, e)
