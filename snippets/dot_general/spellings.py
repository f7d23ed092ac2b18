import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

x = np.ones((2, 3), np.float32)
y = np.ones((3, 4), np.float32)


def plain(a, b):
    return a @ b


def with_precision(a, b):  # one Precision per operand, and the result type
    return lax.dot(a, b, precision=(lax.Precision.HIGH, lax.Precision.HIGHEST),
                   preferred_element_type=jnp.float32)


def with_algorithm(a, b):  # an algorithm goes through the same precision= argument
    return lax.dot(a, b, precision=lax.DotAlgorithmPreset.BF16_BF16_F32)


for fn in (plain, with_precision, with_algorithm):
    lowered = jax.jit(fn).lower(x, y)
    print(f"== {fn.__name__}")
    print(jax.make_jaxpr(fn)(x, y))
    print([line.strip() for line in lowered.as_text().splitlines() if "dot_general" in line][0])
    print([line.strip() for line in lowered.as_text(dialect="hlo").splitlines() if " dot(" in line][0])
