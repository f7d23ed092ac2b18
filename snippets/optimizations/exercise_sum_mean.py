import jax

from examples import X
from hlo_stats import stats


def sum_and_mean(x):
    return x.sum(axis=1), x.mean(axis=1)


lowered = jax.jit(sum_and_mean).lower(X)
print("reduce before:", stats(lowered.as_text(dialect="hlo"))["all_opcodes"]["reduce"])
for passes in ["", "cse"]:
    compiled = lowered.compile({"xla_disable_hlo_passes": passes})
    print(f"reduce after, disabled={passes!r}:", stats(compiled.as_text())["all_opcodes"]["reduce"])
