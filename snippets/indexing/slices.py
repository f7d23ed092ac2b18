import jax
import jax.numpy as jnp

from hlo_lines import hlo, jaxpr

x = jnp.arange(8.0)
forms = {
    "x[1:4]": lambda x: x[1:4],
    "x[::3]": lambda x: x[::3],
    "x[-2:]": lambda x: x[-2:],
}
for name, f in forms.items():
    print(f"# {name}")
    print(jaxpr(jax.make_jaxpr(f)(x), "slice"))
    print(hlo(jax.jit(f).lower(x).as_text(dialect="hlo"), "slice"))
    print(jax.jit(f)(x))
