import jax
import jax.numpy as jnp
import numpy as np

from hlo_lines import hlo, jaxpr


def ramp(x):
    return x + jnp.arange(4)  # an int32 ramp 0, 1, 2, 3 added to x


def odd_ramp(x):
    return x + jnp.arange(1, 9, 2)  # 1, 3, 5, 7: a start and a step


def to_int(x):
    return x.astype(jnp.int32)


def to_bool(x):
    return x.astype(bool)


def to_float32(x):
    return x.astype(jnp.float32)


def to_real(z):
    return z.astype(jnp.float32)  # the imaginary part is dropped


i = jnp.zeros(4, jnp.int32)
f = jnp.array([0.0, 0.5, -2.7, 3.9])
print("# x + jnp.arange(4)")
print(jaxpr(jax.make_jaxpr(ramp)(i), "iota"))
print(hlo(jax.jit(ramp).lower(i).as_text(dialect="hlo"), "iota"))
print("# x + jnp.arange(1, 9, 2)")
print(hlo(jax.jit(odd_ramp).lower(i).as_text(dialect="hlo"), "iota", "multiply", "add"))
print("# x.astype(jnp.int32)")
print(jaxpr(jax.make_jaxpr(to_int)(f), "convert_element_type"))
print(hlo(jax.jit(to_int).lower(f).as_text(dialect="hlo"), "convert"))
print(jax.jit(to_int)(f))
print("# x.astype(bool)")
print(jaxpr(jax.make_jaxpr(to_bool)(f), "convert_element_type"))
print(hlo(jax.jit(to_bool).lower(f).as_text(dialect="hlo"), "compare", "convert"))
print(jax.jit(to_bool)(f))
print("# z.astype(jnp.float32), z complex64")
z = jnp.array([1 + 2j, -3 + 0.5j], jnp.complex64)
print(hlo(jax.jit(to_real).lower(z).as_text(dialect="hlo"), "real", "convert"))
print(jax.jit(to_real)(z))
print("# x.astype(jnp.float32), x already float32: the whole jaxpr and the ENTRY computation")
print(jax.make_jaxpr(to_float32)(f))
print(jax.jit(to_float32).lower(f).as_text(dialect="hlo").split("ENTRY")[1].strip())
print()
print("# x.astype(jnp.float32), x the Python float 2.0 (a weakly typed float32): the jaxpr and the ENTRY computation")
print(jax.make_jaxpr(to_float32)(2.0))
print(jax.jit(to_float32).lower(2.0).as_text(dialect="hlo").split("ENTRY")[1].strip())

# Values no int32 (or int8) can hold, converted on this CPU:
odd = jnp.array([np.nan, np.inf, -np.inf, 3e9, -3e9, 300.0, -300.0])
print()
print("x:         ", odd)
print("int32:     ", jax.jit(to_int)(odd))
print("int8:      ", jax.jit(lambda x: x.astype(jnp.int8))(odd))
