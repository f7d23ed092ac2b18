import jax
import jax.numpy as jnp

from hlo_lines import hlo, jaxpr

x = jnp.arange(8.0)
m = jnp.arange(12.0).reshape(3, 4)
forms = {
    "x[1:4]": (lambda x: x[1:4], x),
    "x[::3]": (lambda x: x[::3], x),
    "x[-2:]": (lambda x: x[-2:], x),
    "m[1:3, ::2]": (lambda m: m[1:3, ::2], m),  # two dimensions, one of them strided
    "x[6:1:-2]": (lambda x: x[6:1:-2], x),  # a negative step
}
for name, (f, a) in forms.items():
    print(f"# {name}")
    print(jaxpr(jax.make_jaxpr(f)(a), "slice", "rev"))
    print(hlo(jax.jit(f).lower(a).as_text(dialect="hlo"), "slice", "reverse"))
    print(jax.jit(f)(a))
