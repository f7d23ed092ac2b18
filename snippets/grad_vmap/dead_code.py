import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.cos(x) * x)


x = jnp.arange(3.0)
g = jax.grad(f)

# The function's value is computed by the forward pass, then thrown away.
# Count the reductions at each stage:
jaxpr = str(jax.make_jaxpr(g)(x))
default = jax.jit(g).lower(x)
kept = jax.jit(g, keep_unused=True).lower(x)
print("jaxpr reduce_sum:                    ", jaxpr.count("reduce_sum"))
print("StableHLO, jit(g):                   ", default.as_text().count("stablehlo.reduce"))
print("StableHLO, jit(g, keep_unused=True): ", kept.as_text().count("stablehlo.reduce"))
print("compiled HLO, keep_unused=True:      ", kept.compile().as_text().count(" reduce("))
