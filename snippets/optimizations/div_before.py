import jax

from examples import X, halve
from show import readable

print(readable(jax.jit(halve).lower(X).as_text(dialect="hlo")))
