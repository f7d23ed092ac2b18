import jax
import jax.numpy as jnp

offset = jnp.zeros(3)


@jax.jit
def shift(v):
    return v + offset  # offset is read once, while tracing


v = jnp.ones(3)
print("first call: ", shift(v))
offset = jnp.full(3, 10.0)  # rebinding the global does not reach the compiled code
print("after change:", shift(v))
closed = shift.trace(v).jaxpr
print(closed)
print("its constant:", closed.consts)
# jit writes the constant into the module it compiles.
print("in the lowered module:", *[line.strip() for line in shift.lower(v).as_text().splitlines()
                                  if "stablehlo.constant" in line])


@jax.jit
def shift_arg(v, offset):  # the fix: make it an argument
    return v + offset


print("as argument:", shift_arg(v, offset))
