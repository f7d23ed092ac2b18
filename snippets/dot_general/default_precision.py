import re

import jax
import numpy as np
from jax import lax

x = np.ones((2, 3), np.float32)


def matmul(a, b):
    return a @ b


def pinned(a, b):  # a precision given in the call
    return lax.dot(a, b, precision=lax.Precision.HIGHEST)


def stablehlo_dot(fn):
    text = jax.jit(fn).lower(x, x.T).as_text()
    line = next(line for line in text.splitlines() if "dot_general" in line)
    attributes = line.split("contracting_dims = [1] x [0], ")[1].split(" : ")[0]
    # An algorithm prints as a long <...> attribute; keep its three types.
    types = re.findall(r"(lhs_precision_type|rhs_precision_type|accumulation_type) = (\w+)", attributes)
    return attributes.split(", algorithm")[0] + ("".join(f" {t}" for _, t in types) and
                                                  ", algorithm " + "/".join(t for _, t in types))


print(f"{'context':<16} {'matmul':<60} pinned")
for value in [None, "bfloat16", "tensorfloat32", "float32", "highest", "BF16_BF16_F32"]:
    with jax.default_matmul_precision(value):
        print(f"{str(value):<16} {stablehlo_dot(matmul):<60} {stablehlo_dot(pinned)}")
