from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_force_host_platform_device_count=2"

import pathlib  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec  # noqa: E402


def double(x):
    return 2 * x


mesh = jax.make_mesh((2,), ("d",))
x = jax.ShapeDtypeStruct((2, 4), jnp.float32)
x_split = jax.ShapeDtypeStruct((2, 4), jnp.float32, sharding=NamedSharding(mesh, PartitionSpec("d")))
# One function under several wrappers, each compiled from shapes alone.
wrappers = {
    "jax.jit(double)": jax.jit(double),
    "jax.jit(double, inline=True)": jax.jit(double, inline=True),
    "jax.jit(jax.vmap(double))": jax.jit(jax.vmap(double)),
    "jax.jit(jax.shard_map(double, ...))": jax.jit(jax.shard_map(double, mesh=mesh, in_specs=PartitionSpec("d"),
                                                                 out_specs=PartitionSpec("d"))),
    "jax.pmap(double)": jax.pmap(double),
}
dump = pathlib.Path("dump")
for label, wrapped in wrappers.items():
    before = set(dump.glob("*.before_optimizations.txt"))
    jax.clear_caches()  # a fresh compile for each wrapper
    wrapped.lower(x_split if "shard_map" in label else x).compile()
    new = sorted(path.name.split(".")[1] for path in set(dump.glob("*.before_optimizations.txt")) - before)
    print(f"{label:<37} {', '.join(new)}")

# Where the pmapped function's name is left in its module.
(fun,) = dump.glob("*.jit__fun.before_optimizations.txt")
text = fun.read_text()
print("\nin", fun.name)
print("    op_name values:", sorted(set(re.findall(r'op_name="([^"]*)"', text))))
print("    FunctionNames:", re.findall(r'^\d+ "([^"]*)"', text.split("FunctionNames")[1].split("FileLocations")[0], re.M))
