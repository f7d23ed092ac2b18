import jax

from examples import X, transposed
from show import readable

print(readable(jax.jit(transposed).lower(X).as_text(dialect="hlo"), header=True))
