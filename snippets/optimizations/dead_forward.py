import jax

from examples import mlp_args, mlp_grad
from hlo_stats import instructions, stats

ARGS = mlp_args()  # params, x, y

jaxpr = str(jax.make_jaxpr(mlp_grad)(*ARGS))
print("jaxpr equations that compute the loss value itself (excerpt):")
for line in jaxpr.splitlines():
    if "integer_pow" in line or "axes=(0, 1)" in line or line.strip().startswith("_:"):
        print("   ", line.strip())

hlo = jax.jit(mlp_grad).lower(*ARGS).as_text(dialect="hlo")
print("\nHLO handed to XLA, reduce instructions:")
for _, name, opcode, line in instructions(hlo):
    if opcode == "reduce":
        print("   ", line.strip().split(", to_apply")[0])
print("\nreduce_sum in the jaxpr:", jaxpr.count("reduce_sum["), "| reduce in the HLO:", stats(hlo)["all_opcodes"]["reduce"])

# With keep_unused=True, jit keeps every argument, and skips its own pruning of the jaxpr.
for keep_unused in [False, True]:
    lowered = jax.jit(mlp_grad, keep_unused=keep_unused).lower(*ARGS)
    print(f"keep_unused={keep_unused!s:<5}: reduce in the StableHLO: {lowered.as_text().count('stablehlo.reduce(')}"
          f" | in the HLO: {stats(lowered.as_text(dialect='hlo'))['all_opcodes']['reduce']}")
