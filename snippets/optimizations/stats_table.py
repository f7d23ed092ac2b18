import jax

from examples import X, elementwise, mlp_args, mlp_grad, row_sum_exp, softmax
from hlo_stats import entry_size, stats
from mlp import mlp
import target

params, x, y = mlp_args()
cases = {
    "elementwise chain": (elementwise, (X,)),
    "row sum of exp": (row_sum_exp, (X,)),
    "softmax": (softmax, (X,)),
    "MLP forward": (mlp, (params, x)),
    "MLP gradient": (mlp_grad, (params, x, y)),
}
print(f"{'function':<18} {'ENTRY ops':>9} {'after':>5}  {'fusions after':<22} {'bytes before':>12} {'after':>6}")
for label, (f, args) in cases.items():
    lowered = jax.jit(f).lower(*args)
    compiled = target.compile(f, *args)
    before, after = lowered.as_text(dialect="hlo"), compiled.as_text()
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(stats(after)["fusion_kinds"].items()))
    # cost_analysis() returns a dict; "bytes accessed" sums every instruction's reads and writes.
    bytes_before = lowered.cost_analysis()["bytes accessed"]
    cost = compiled.cost_analysis()  # None for a GPU target compiled without the device
    bytes_after = f"{cost['bytes accessed']:>6.0f}" if cost is not None else "None"
    print(f"{label:<18} {entry_size(before):>9} {entry_size(after):>5}  {kinds:<22} {bytes_before:>12.0f} {bytes_after}")
print("types returned by cost_analysis():", type(lowered.cost_analysis()).__name__, type(compiled.cost_analysis()).__name__)
