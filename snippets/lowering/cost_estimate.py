import jax
from jax.sharding import SingleDeviceSharding

import target

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
# the arguments placed on the target's device, so that lower() is for that device
device = target.devices(1)[0]
placed = jax.tree.map(lambda s: jax.ShapeDtypeStruct(s.shape, s.dtype, sharding=SingleDeviceSharding(device)),
                      (params, x))
lowered = jax.jit(mlp).trace(*placed).lower()


def estimate(stage):
    try:
        return stage.cost_analysis()
    except jax.errors.JaxRuntimeError as error:  # a compile-only client has no estimate before the passes
        return type(error).__name__


before = estimate(lowered)  # estimated on the HLO before XLA's passes
after = estimate(lowered.compile())  # estimated on the optimized HLO; None for a GPU without the device


def show(costs, key):
    return f"{costs[key]:7.0f}" if isinstance(costs, dict) else f"{costs!s:>7}"


for key in ("flops", "bytes accessed"):
    print(f"{key:15} before passes {show(before, key)}   after passes {show(after, key)}")
