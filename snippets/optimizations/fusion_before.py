import jax

from examples import X, elementwise
from show import readable

lowered = jax.jit(elementwise).lower(X)
print(readable(lowered.as_text(dialect="hlo")))  # the HLO XLA receives
