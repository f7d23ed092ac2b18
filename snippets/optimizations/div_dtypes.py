import jax
import jax.numpy as jnp
from jax import lax

from examples import X
from hlo_stats import instructions
import target

# x / c for an f32[8,16]-shaped x of each dtype, c a constant 3 or an argument:
# the shapes of the divide and multiply instructions of the compiled module.
print(f"{'dtype':<10}{'c constant':<36}c argument")
for dtype in [jnp.float32, jnp.bfloat16, jnp.float16, jnp.complex64, jnp.int32, jnp.int16]:
    x = X.astype(dtype)
    three = jnp.asarray(3, dtype)
    counts = []
    for f, args in [(lambda x: lax.div(x, three), (x,)), (lambda x, c: lax.div(x, c), (x, three))]:
        text = target.compile(f, *args).as_text()
        found = [f"{opcode} {line.split(' = ')[1].split()[0].split('{')[0]}"
                 for _, _, opcode, line in instructions(text) if opcode in ("divide", "multiply")]
        counts.append(", ".join(found))
    print(f"{jnp.dtype(dtype).name:<10}{counts[0]:<35} {counts[1]}")
