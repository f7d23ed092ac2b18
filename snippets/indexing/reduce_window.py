import jax
import jax.numpy as jnp
from jax.sharding import SingleDeviceSharding

from hlo_lines import called, computation, entry_summary, hlo, jaxpr
import target

x = jnp.arange(1.0, 6.0)  # [1. 2. 3. 4. 5.]
print("# jnp.cumsum(x)")
print(jaxpr(jax.make_jaxpr(jnp.cumsum)(x), "cumsum"))
text = jax.jit(jnp.cumsum).lower(x).as_text(dialect="hlo")
window = hlo(text, "reduce-window")
print(window)
print(computation(text, called(window)))
print(jax.jit(jnp.cumsum)(x))
# What the cumsum is lowered to for the target's device (the lines above are lowered for the CPU).
on_target = jax.ShapeDtypeStruct((4096,), jnp.float32, sharding=SingleDeviceSharding(target.devices(1)[0]))
lowered = jax.jit(jnp.cumsum).trace(on_target).lower().as_text()
print("lowered for the target, n=4096:", " ".join(op for op in ("stablehlo.reduce_window", "chlo.scan") if op in lowered))
for n in [5, 4096]:  # what the backend's pipeline makes of the cumsum, at two lengths
    compiled = target.compile(jnp.cumsum, jax.ShapeDtypeStruct((n,), jnp.float32)).as_text()
    print(f"optimized, n={n}: {entry_summary(compiled)}")
    if n == 4096:
        windows = [line.split("), ")[1].split(", to_apply")[0] for line in hlo(compiled, "reduce-window").splitlines()]
        print("  windows:", "  ".join(windows))


def max_pool(image):
    # the largest element of each 2x2 block, blocks side by side (stride 2)
    return jax.lax.reduce_window(image, -jnp.inf, jax.lax.max, (2, 2), (2, 2), "VALID")


image = jnp.arange(16.0).reshape(4, 4)
print("# 2x2 max pooling, stride 2")
print(jaxpr(jax.make_jaxpr(max_pool)(image), "reduce_window_max"))
text = jax.jit(max_pool).lower(image).as_text(dialect="hlo")
window = hlo(text, "reduce-window")
print(window)
print(computation(text, called(window)))
print(jax.jit(max_pool)(image))
