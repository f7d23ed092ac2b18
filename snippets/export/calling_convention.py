import jax
import jax.numpy as jnp
from jax import export

low, high = export.minimum_supported_calling_convention_version, export.maximum_supported_calling_convention_version
print(f"calling conventions this jax can export with: {low} to {high}")

spec = jax.ShapeDtypeStruct((3,), jnp.float32)
print("exported with:", export.export(jax.jit(jnp.cos))(spec).calling_convention_version)

for version in (low, low - 1):
    jax.config.update("jax_export_calling_convention_version", version)
    try:
        print(f"asked for {version}: exported with", export.export(jax.jit(jnp.cos))(spec).calling_convention_version)
    except ValueError as e:
        print(f"asked for {version}:", type(e).__name__ + ":", e)

# The StableHLO inside a serialized export is a portable artifact, written for an
# older StableHLO version than the one this jaxlib carries.
from jax._src.lib.mlir.dialects import hlo  # private: jaxlib's StableHLO bindings

print()
print("StableHLO in this jaxlib:", hlo.get_current_version(), "| oldest it supports:", hlo.get_minimum_version())
print("version export writes (4 weeks back):",
      hlo.get_version_from_compatibility_requirement(hlo.StablehloCompatibilityRequirement.WEEK_4))
