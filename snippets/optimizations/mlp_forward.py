import jax

from examples import BATCH_X, PARAMS
from mlp import mlp
from show import computation

compiled = jax.jit(mlp).lower(PARAMS, BATCH_X).compile()
print(computation(compiled.as_text(), "ENTRY"))  # excerpt: the ENTRY computation only
