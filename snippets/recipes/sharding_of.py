import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # 8 CPU devices

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

# --8<-- [start:your-function]
mesh = jax.make_mesh((4, 2), ("data", "model"))


def layer(x, w):
    y = x @ w
    return jnp.tanh(y), y.sum(axis=0)


args = (jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("data", None))),
        jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P(None, "model"))))
function = layer
# --8<-- [end:your-function]

# Everything below works for any function and arguments.
# keep_unused: an argument the function never reads keeps its parameter, so input_shardings has one entry per argument.
lowered = jax.jit(function, keep_unused=True).lower(*args)
compiled = lowered.compile()
shapes_in = jax.tree.leaves(args)
shapes_out = jax.tree.leaves(jax.eval_shape(function, *args))


def braced(text, key):
    """The {...} after `key` in text, nested braces included."""
    start, depth = text.index(key) + len(key), 0
    for end in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            return text[start:end + 1]


def show(label, values, shardings):
    print(label)
    for i, (value, sharding) in enumerate(zip(values, jax.tree.leaves(shardings))):
        spec = sharding.spec if isinstance(sharding, NamedSharding) else sharding
        print(f"  {i}: {value.dtype}{list(value.shape)!s:10} {str(spec):20} "
              f"per device {sharding.shard_shape(value.shape)}")


show("compiled.input_shardings:", shapes_in, compiled.input_shardings)
show("compiled.output_shardings:", shapes_out, compiled.output_shardings)

print('HLO before optimization, lowered.as_text(dialect="hlo"): parameters and ROOT')
for line in lowered.as_text(dialect="hlo").splitlines():
    if ("parameter(" in line or line.lstrip().startswith("ROOT")) and "sharding=" in line:
        name = line.split(" = ")[0].strip()
        print(f"  {name:22} sharding={braced(line, 'sharding=')}")

text = compiled.as_text()
print("compiled.as_text(): sharding= annotations:", text.count("sharding="))
print("  entry_computation_layout=" + braced(text, "entry_computation_layout="))  # per-device shapes

try:
    import rich  # noqa: F401  (jax.debug.visualize_array_sharding draws with it)
except ImportError:
    rich = None
for i, out in enumerate(jax.tree.leaves(compiled(*args))):
    if rich and out.ndim <= 2:  # it draws 1-D and 2-D arrays
        print(f"output {i}, which device holds which block:")
        jax.debug.visualize_array_sharding(out)
