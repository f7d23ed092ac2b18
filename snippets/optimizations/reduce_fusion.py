import jax

from examples import X, row_sum_exp
from hlo_stats import stats
from show import readable
import target

lowered = jax.jit(row_sum_exp).lower(X)
print("before, ENTRY holds:", dict(stats(lowered.as_text(dialect="hlo"))["entry_opcodes"]))
print()
print(readable(target.compile(row_sum_exp, X).as_text()))
