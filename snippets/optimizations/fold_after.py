import jax

from examples import X, add_table_total
from show import readable

print(readable(jax.jit(add_table_total).lower(X).compile().as_text()))
