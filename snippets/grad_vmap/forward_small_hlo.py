import re

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.cos(x) * x)


compiled = jax.jit(f).lower(jnp.arange(3.0)).compile()
# The computations only: no module header, stack-frame tables or metadata={...}
blocks = compiled.as_text().split("\n\n")
computations = [block.strip() for block in blocks if block.strip().split("\n")[0].endswith("{")]
print("\n\n".join(re.sub(r", metadata=\{[^}]*\}", "", block) for block in computations))
