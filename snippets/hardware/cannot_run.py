import jax.numpy as jnp

import target


def layer(x, w):
    return jnp.tanh(x @ w)


x, w = jnp.ones((128, 256)), jnp.ones((256, 512))
compiled = target.compile(layer, x, w)
print("compiled for", target.name() + ":", compiled.as_text().count("\n") + 1, "lines of optimized HLO")
try:
    result = compiled(x, w)
    print("called: a", result.dtype.name, result.shape, "result, sum", float(result.sum()))
except Exception as error:  # what a compile-only device cannot do
    print("called:", type(error).__name__ + ":", str(error).splitlines()[0][:100])
