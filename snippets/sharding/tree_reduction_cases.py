import math

import jax
import jax.numpy as jnp

NO_YNNPACK = {"xla_cpu_experimental_ynn_fusion_type": ""}  # the YNNPACK rewrite off


def compiled(shape, axis, dtype, options=None, reduction=jnp.sum):
    x = jax.ShapeDtypeStruct(shape, dtype)
    return jax.jit(lambda x: reduction(x, axis=axis)).lower(x).compile(options or {}).as_text()


print("jnp.sum of          over axis   elements   reduce-windows  kCustom fusions   reduce-windows, YNNPACK off")
cases = [((32,), None, jnp.float32), ((256, 32), 1, jnp.float32), ((33,), None, jnp.float32), ((4095,), None, jnp.float32), ((4096,), None, jnp.float32),
         ((4, 64), 1, jnp.float32), ((31, 130), 1, jnp.float32), ((32, 128), 1, jnp.float32),
         ((64, 64), None, jnp.float32), ((64, 64), 0, jnp.float32), ((64, 64), 1, jnp.float32),
         ((8, 1000), 1, jnp.float32), ((8, 1000), 1, jnp.bfloat16), ((8, 1000), 1, jnp.float16),
         ((8, 1000), 1, jnp.int32), ((8, 1000), 1, jnp.int8), ((8, 1000), 1, jnp.uint32)]
for shape, axis, dtype in cases:
    default, off = compiled(shape, axis, dtype), compiled(shape, axis, dtype, NO_YNNPACK)
    operand = f"{jnp.dtype(dtype).name}{list(shape)}"
    print(f"{operand:<19} {str(axis):>9} {math.prod(shape):>10} {default.count('reduce-window('):>16}"
          f" {default.count('kind=kCustom'):>16} {off.count('reduce-window('):>28}")

print("\nother reductions over axis 1   reduce-windows  kCustom fusions")
for reduction in [jnp.max, jnp.prod]:
    default = compiled((8, 1000), 1, jnp.float32, reduction=reduction)
    print(f"{'jnp.' + reduction.__name__ + ' of float32[8, 1000]':<29} {default.count('reduce-window('):>14}"
          f" {default.count('kind=kCustom'):>16}")
