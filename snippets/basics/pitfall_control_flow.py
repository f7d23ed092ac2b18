import jax
import jax.numpy as jnp


def normalize(x):
    peak = jnp.max(jnp.abs(x))
    if peak > 1.0:  # Python `if` on a value computed from the input
        return x / peak
    return x


x = jnp.array([-4.0, 2.0])
print("without jit:", normalize(x))

# Under jit, peak is a tracer: it has a shape and dtype but no value to branch on.
try:
    jax.jit(normalize)(x)
except jax.errors.ConcretizationTypeError as e:
    print(type(e).__name__ + ":", e)
print("a kind of ConcretizationTypeError:",
      issubclass(jax.errors.TracerBoolConversionError, jax.errors.ConcretizationTypeError))

# int() and float() need a value too.
for convert in (int, float):
    try:
        jax.jit(lambda v: v * convert(v[0]))(x)
    except jax.errors.ConcretizationTypeError as e:
        print(f"{convert.__name__}() on a tracer:", type(e).__name__)

# With more than one element there is no single value to convert: NumPy's errors.
for convert in (bool, int):
    try:
        jax.jit(lambda v: v * convert(v))(x)
    except (TypeError, ValueError) as e:
        print(f"{convert.__name__}() on a traced f32[2]:", type(e).__name__,
              "| a ConcretizationTypeError:", isinstance(e, jax.errors.ConcretizationTypeError))


# Fix for a value that depends on the data: make the choice part of the computation.
@jax.jit
def normalize_where(x):
    peak = jnp.max(jnp.abs(x))
    return jnp.where(peak > 1.0, x / peak, x)  # both sides are computed, one is kept


print("jnp.where:", normalize_where(x))


# Fix for a setting known before the call: mark it static, so it stays a Python value.
def scale(x, mode):
    if mode == "half":
        return x / 2
    return x


print("static_argnums:", jax.jit(scale, static_argnums=1)(x, "half"))
