import re

import jax
import jax.numpy as jnp
import jax.scipy.linalg

import target


def solve_lower(a):
    return jax.scipy.linalg.solve_triangular(a, a, lower=True)


# the custom-call targets of three linear-algebra functions on a 4x4 matrix, by element type
for dtype in (jnp.float32, jnp.complex64, jnp.bfloat16, jnp.float16):
    a = jax.ShapeDtypeStruct((4, 4), dtype)
    row = []
    for f in (jnp.linalg.cholesky, jnp.linalg.qr, solve_lower):
        try:
            text = target.compile(f, a).as_text()
            row.append(" ".join(sorted(set(re.findall(r'custom_call_target="(\w+)"', text)))) or "no custom-call")
        except TypeError as error:
            row.append(f"TypeError: {str(error).split(' at ')[0]}")
    print(f"{jnp.dtype(dtype).name:10} cholesky: {row[0]} | qr: {row[1]} | solve_triangular: {row[2]}")
