from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"
os.environ["JAX_COMPILER_DETAILED_LOGGING_MIN_OPS"] = "0"  # default: 10

import collections  # noqa: E402
import pathlib  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402


def tiny(x):  # 5 MLIR operations (module, function, cos, sin, return): under 10
    return jnp.sin(jnp.cos(x))


def ten(x):  # 3 + 7 sines = 10 MLIR operations: exactly the default bound
    for _ in range(7):
        x = jnp.sin(x)
    return x


def eleven(x):  # 3 + 8 sines = 11 MLIR operations: one more than the bound
    for _ in range(8):
        x = jnp.sin(x)
    return x


params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
small = jax.ShapeDtypeStruct((4,), jnp.float32)

print("JAX_COMPILER_DETAILED_LOGGING_MIN_OPS =", jax.config.read("jax_compiler_detailed_logging_min_ops"))
jax.jit(tiny).lower(small).compile()
jax.jit(loss).lower(params, x, y).compile()

jax.config.update("jax_compiler_detailed_logging_min_ops", 10)  # back to the default
print("then jax_compiler_detailed_logging_min_ops =", jax.config.read("jax_compiler_detailed_logging_min_ops"))
jax.clear_caches()
jax.jit(tiny).lower(small).compile()
jax.jit(loss).lower(params, x, y).compile()
jax.jit(ten).lower(small).compile()
jax.jit(eleven).lower(small).compile()

dump = pathlib.Path("dump")
files = collections.Counter(p.name.split(".")[0] + "." + p.name.split(".")[1] for p in dump.iterdir() if p.is_file())
print("\nmodule                 files  what its .debug_options file says about detailed logging")
for module in sorted(files):
    options = dump / f"{module}.debug_options"
    if not options.exists():  # jax 0.4.38's XLA writes none (0.6.2's does): the dump cannot say
        print(f"{module:<22} {files[module]:>5}  (no .debug_options file in this dump)")
        continue
    said = [line for line in options.read_text().splitlines() if "detailed_logging" in line]
    print(f"{module:<22} {files[module]:>5}  {said[0] if said else '(nothing: on, the default)'}")


def count_ops(op):
    """Operations as JAX counts them: this one and every one nested in it."""
    return 1 + sum(count_ops(child) for region in op.regions for block in region for child in block)


print("\nMLIR operations in each module:")
for name, fun, args in [("jit_tiny", tiny, [small]), ("jit_loss", loss, [params, x, y]),
                        ("jit_ten", ten, [small]), ("jit_eleven", eleven, [small])]:
    print(f"    {name}: {count_ops(jax.jit(fun).lower(*args).compiler_ir('stablehlo').operation)}")
