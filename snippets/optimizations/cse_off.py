import jax

from examples import X, sine_twice
from show import readable

compiled = jax.jit(sine_twice).lower(X).compile({"xla_disable_hlo_passes": "cse"})
print(readable(compiled.as_text()))
