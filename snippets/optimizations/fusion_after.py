import jax

from examples import X, elementwise
from show import readable

compiled = jax.jit(elementwise).lower(X).compile()
print(readable(compiled.as_text()))  # after XLA's CPU pipeline
