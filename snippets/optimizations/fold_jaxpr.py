import jax

from examples import TABLE, X, add_table_total

# TABLE is a NumPy array, so `TABLE * 2.0` is computed by NumPy, in Python,
# while jit traces add_table_total. JAX only ever sees the product.
closed = jax.make_jaxpr(add_table_total)(X)
print(closed)
print("\nthe jaxpr's constant a:", closed.consts[0])
print("type of TABLE * 2.0:", type(TABLE * 2.0).__module__, type(TABLE * 2.0).__name__)

# Another NumPy operation on the same array: no `sin` reaches the jaxpr either.
import numpy as np

other = jax.make_jaxpr(lambda x: x + np.sin(TABLE))(X)
print("x + np.sin(TABLE), its equations:", [str(e.primitive) for e in other.jaxpr.eqns])
