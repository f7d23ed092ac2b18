import jax
import jax.numpy as jnp


def set_first(x):
    return x.at[0].set(1.0)


x = jnp.zeros(1024)
for label, donate in [("caller keeps x", ()), ("x donated", (0,))]:
    compiled = jax.jit(set_first, donate_argnums=donate).lower(x).compile()
    entry = compiled.as_text().split("ENTRY")[1]
    print(f"{label:15} copy of x: {' copy(' in entry}, "
          f"bytes the result shares with x: {compiled.memory_analysis().alias_size_in_bytes}")
