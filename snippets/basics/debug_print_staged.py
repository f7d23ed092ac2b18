import jax
import jax.numpy as jnp


def halve(x):
    jax.debug.print("debug.print sees: {}", x)
    return x / 2


x = jnp.array([2.0, 4.0])

# Tracing records the print as an equation of its own.
print("jaxpr equations:", [eqn.primitive.name for eqn in jax.make_jaxpr(halve)(x).jaxpr.eqns])

# After compilation it is a custom-call with a side effect, whose target is a
# callback into the Python process.
optimized = jax.jit(halve).lower(x).compile().as_text()
print(*[line for line in optimized.splitlines() if "custom-call(" in line], sep="\n")
