import jax

from examples import X
from hlo_stats import stats

lowered = jax.jit(lambda x: jax.nn.gelu(x, approximate=True)).lower(X)
fused = lowered.compile()
unfused = lowered.compile({"xla_disable_hlo_passes": "fusion,fusion-wrapper"})

print("operations before:", sum(n for op, n in stats(lowered.as_text(dialect="hlo"))["entry_opcodes"].items()
                                if op not in ("parameter", "constant")))
print("fusions after:    ", dict(stats(fused.as_text())["fusion_kinds"]))
print("bytes accessed, fused:   ", fused.cost_analysis()["bytes accessed"])
print("bytes accessed, unfused: ", unfused.cost_analysis()["bytes accessed"])
