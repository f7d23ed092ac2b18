import jax
import jax.numpy as jnp
from jax import lax

# One stablehlo.broadcast_in_dim each; what the conversion to HLO makes of it
cases = {
    "[32] -> [8,32]": (lambda b: lax.broadcast_in_dim(b, (8, 32), (1,)), (32,)),
    "[32] -> [1,32]": (lambda b: lax.broadcast_in_dim(b, (1, 32), (1,)), (32,)),
    "[1,32] -> [8,32]": (lambda b: lax.broadcast_in_dim(b, (8, 32), (0, 1)), (1, 32)),
}
for label, (f, shape) in cases.items():
    lowered = jax.jit(f).lower(jax.ShapeDtypeStruct(shape, jnp.float32))
    stablehlo = lowered.as_text().count("stablehlo.broadcast_in_dim ")
    hlo = [line.strip() for line in lowered.as_text(dialect="hlo").splitlines() if " = " in line and "parameter(" not in line]
    print(f"{label:17} StableHLO: {stablehlo} broadcast_in_dim | HLO:")
    print("\n".join("    " + line for line in hlo))
