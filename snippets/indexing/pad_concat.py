import jax
import jax.numpy as jnp

from hlo_lines import hlo, jaxpr

x = jnp.array([1.0, 2.0, 3.0])
y = jnp.array([7.0, 8.0])
forms = {
    "jnp.pad(x, (1, 2))": (lambda x: jnp.pad(x, (1, 2)), (x,), "pad", "pad"),
    "lax.pad(x, 0.0, [(1, 2, 1)])": (lambda x: jax.lax.pad(x, 0.0, [(1, 2, 1)]), (x,), "pad", "pad"),
    "lax.pad(x, 0.0, [(-1, 0, 0)])": (lambda x: jax.lax.pad(x, 0.0, [(-1, 0, 0)]), (x,), "pad", "pad"),
    "lax.pad(x, 0.0, [(0, -2, 0)])": (lambda x: jax.lax.pad(x, 0.0, [(0, -2, 0)]), (x,), "pad", "pad"),
    "jnp.concatenate([x, y])": (lambda x, y: jnp.concatenate([x, y]), (x, y), "concatenate", "concatenate"),
}
for name, (f, args, primitive, opcode) in forms.items():
    print(f"# {name}")
    print(jaxpr(jax.make_jaxpr(f)(*args), primitive))
    print(hlo(jax.jit(f).lower(*args).as_text(dialect="hlo"), opcode))
    print(jax.jit(f)(*args))

# Interior padding cannot be negative:
try:
    jax.jit(lambda x: jax.lax.pad(x, 0.0, [(0, 0, -1)]))(x)
except ValueError as e:
    print("# lax.pad(x, 0.0, [(0, 0, -1)])")
    print("ValueError:", e)
