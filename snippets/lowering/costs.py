import jax
import jax.numpy as jnp

import target

from mlp import BATCH as B, FEATURES as F, HIDDEN as H, OUTPUTS as O
from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
compiled = target.compile(mlp, params, x)

print("cost_analysis():")
costs = compiled.cost_analysis()
if costs is None:  # a GPU target compiled without the device has none
    print("  None")
for key in sorted(costs or {}):
    print(f"  {key:20} {costs[key]:8.0f}")

# Hand count: a matmul [M,K] @ [K,N] is M*N*K multiply-adds, 2*M*K*N flops;
# each elementwise add or max is one flop per output element.
matmuls = 2 * B * F * H + 2 * B * H * O
elementwise = B * H + B * H + B * O  # bias add, ReLU max, bias add
print("flops by hand:", matmuls, "+", elementwise, "=", matmuls + elementwise)

# Bytes accessed: each top-level instruction reads its operands and writes its result.
f32 = 4
fusions = [
    (B * F + F * H, B * H),  # x @ w1
    (B * H + H, B * H),  # + b1, max
    (B * H + H * O, B * O),  # h @ w2
    (B * O + O, B * O),  # + b2
]
print("bytes by hand:", sum(f32 * (read + written) for read, written in fusions))

print("memory_analysis():")
memory = compiled.memory_analysis()
for field in ("argument", "output", "temp", "alias", "generated_code"):
    print(f"  {field + '_size_in_bytes':30} {getattr(memory, field + '_size_in_bytes'):6}")
print("arguments by hand:", f32 * (F * H + H + H * O + O + B * F))
print("output by hand:   ", f32 * B * O)
print("temp by hand:     ", f32 * B * H, "(the hidden activations)")

# transcendentals: tanh, exp, log... count apart from flops
def tanh_layer(w, x):
    return jnp.tanh(x @ w)

tanh_costs = target.compile(tanh_layer, params["hidden"]["w"], x).cost_analysis() or {}
print("tanh layer: transcendentals", tanh_costs.get("transcendentals"), "flops", tanh_costs.get("flops"))
