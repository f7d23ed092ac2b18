import jax

# The config option works too, as long as no backend has started yet.
jax.config.update("jax_num_cpu_devices", 8)
print(jax.device_count(), "devices")
