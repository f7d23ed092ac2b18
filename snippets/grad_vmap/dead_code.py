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

# A `_` next to results that are read is still computed: here the final loop counter
# of the forward scan, which the loop carries from step to step.
h = jax.grad(lambda x: jnp.sum(jax.lax.fori_loop(0, 3, lambda i, v: jnp.sin(v) * i, x)))
scan = next(line.strip() for line in str(jax.make_jaxpr(h)(x)).splitlines() if "= scan[" in line)
compiled = jax.jit(h).lower(x).compile().as_text()
print("gradient of a fori_loop, first scan: ", scan.split(" = ")[0])
print("compiled HLO: while loops", compiled.count(" while("), "| s32[] counter adds", compiled.count(" = s32[] add("))
