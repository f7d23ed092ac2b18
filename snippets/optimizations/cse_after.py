import jax

from examples import X, sine_twice
from show import readable

print(readable(jax.jit(sine_twice).lower(X).compile().as_text()))
