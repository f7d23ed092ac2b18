import jax

# With no JAX_DUMP_IR_* variables set: nothing is dumped, and the mode is StableHLO only.
for name in ("jax_dump_ir_to", "jax_dump_ir_modes"):
    print(f"{name:18} = {jax.config.read(name)!r}")
