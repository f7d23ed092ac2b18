import jax

from examples import mlp_args
from mlp import mlp
from show import computation
import target

params, x, _ = mlp_args()
compiled = target.compile(mlp, params, x)
print(computation(compiled.as_text(), "ENTRY"))  # excerpt: the ENTRY computation only
