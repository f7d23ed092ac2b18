import jax

from examples import X, softmax
from show import readable
import target

print(readable(target.compile(softmax, X).as_text()))
