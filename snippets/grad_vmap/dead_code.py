import jax
import jax.numpy as jnp
from jax.experimental import io_callback


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

# Two discarded results outside a gradient: a pure `exp`, and an `io_callback`, a call
# to Python with a side effect. JAX's dead-code pass keeps an equation with an effect.
calls = []


def host(v):
    calls.append(v)
    return v


def k(x):
    jnp.exp(x)
    io_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return x * 2.0


text = jax.jit(k).lower(x).as_text()
jax.jit(k)(x).block_until_ready()
print("discarded exp in StableHLO:", text.count("stablehlo.exponential"),
      "| discarded io_callback in StableHLO:", text.count("stablehlo.custom_call"),
      "| host calls:", len(calls))
