import jax

from examples import A, B, project
from show import readable

print(readable(jax.jit(project).lower(A, B).as_text(dialect="hlo")))
