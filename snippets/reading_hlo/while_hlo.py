import jax
import jax.numpy as jnp

import target


def affine_steps(x, n):
    """Apply x -> 2x + 1, n times; n is only known at run time."""
    return jax.lax.fori_loop(0, n, lambda i, c: c * 2.0 + 1.0, x)


lowered = jax.jit(affine_steps).lower(jnp.ones(4), 3)
print(lowered.as_text(dialect="hlo"))
print("# ---- after compile(): the ENTRY computation only ----")
optimized = target.compile(affine_steps, jnp.ones(4), 3).as_text()
print(optimized[optimized.index("ENTRY") :])

print("# ---- the same loop over larger arrays: the ENTRY line that runs it ----")
for n in (512, 11180, 11200):
    big = jax.ShapeDtypeStruct((n, n), jnp.float32)
    optimized = target.compile(affine_steps, big, 3).as_text()
    for line in optimized[optimized.index("ENTRY") :].splitlines():
        if " while(" in line or " call(" in line:
            print(line.split(", metadata=")[0].strip())

print("# ---- a loop whose body is a matrix product, c @ w: the ENTRY line that runs it ----")
for n in (2, 4):
    square = jax.ShapeDtypeStruct((n, n), jnp.float32)
    product_steps = lambda x, w, k: jax.lax.fori_loop(0, k, lambda i, c: c @ w, x)
    optimized = target.compile(product_steps, square, square, 3).as_text()
    for line in optimized[optimized.index("ENTRY") :].splitlines():
        if " while(" in line or " call(" in line:
            print(line.split(", metadata=")[0].strip())
