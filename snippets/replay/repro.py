"""The smallest program that shows the problem: one function, three scalars.

`residual` asks how far `c` is from the exact product `a * b`. With these inputs
the exact answer is 2**-24, a value float32 can hold, but the rounded product
`c` has already lost it.
"""

import numpy as np


def residual(a, b, c):
    return a * b - c


A = B = np.float32(1 + 2**-12)  # 1.000244140625, exact in float32
C = A * B  # NumPy rounds the product to float32: 1 + 2**-11, the 2**-24 is gone
