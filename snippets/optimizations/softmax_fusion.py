import jax

from examples import X, softmax
from show import readable

print(readable(jax.jit(softmax).lower(X).compile().as_text()))
