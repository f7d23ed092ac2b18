import jax
import jax.numpy as jnp

from hlo_lines import called, computation, hlo, jaxpr

x = jnp.array([3.0, 1.0, 2.0, 1.0])
for name, f in {"jnp.sort(x)": jnp.sort, "jnp.argsort(x)": jnp.argsort}.items():
    print(f"# {name}")
    print(jaxpr(jax.make_jaxpr(f)(x), "sort"))
    text = jax.jit(f).lower(x).as_text(dialect="hlo")
    sort = hlo(text, "sort")
    print(sort)
    print(computation(text, called(sort)))
    if f is jnp.argsort:
        print(hlo(text, "iota", "get-tuple-element"))
    print(jax.jit(f)(x))
