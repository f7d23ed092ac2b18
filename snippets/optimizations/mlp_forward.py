import jax

from examples import mlp_args
from mlp import mlp
from show import computation

params, x, _ = mlp_args()
compiled = jax.jit(mlp).lower(params, x).compile()
print(computation(compiled.as_text(), "ENTRY"))  # excerpt: the ENTRY computation only
