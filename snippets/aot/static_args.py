import jax
import jax.numpy as jnp


def scale(x, n):
    return x * n


def first_line(e):
    return type(e).__name__ + ": " + str(e).splitlines()[0]


x = jnp.arange(4, dtype=jnp.float32)
spec = jax.ShapeDtypeStruct((4,), jnp.float32)  # shape and dtype, no data

# n is static: lower() needs its value, here 3, and bakes it into the program
lowered = jax.jit(scale, static_argnums=1).lower(spec, 3)
main = [line for line in lowered.as_text().splitlines() if "func.func public @main" in line][0]
print("main:", main.strip().split(" -> ")[0])
print("constant:", [line.strip() for line in lowered.as_text().splitlines() if "stablehlo.constant" in line][0])

by_position = lowered.compile()
print("static_argnums=1, lowered with n=3")
print("  in_avals:", by_position.in_avals)
print("  compiled(x):", by_position(x))
for label, call in [("compiled(x, 3)", lambda: by_position(x, 3)),
                    ("compiled(x, 2)", lambda: by_position(x, 2))]:
    try:
        call()
    except Exception as e:
        print(f"  {label}:", str(e).replace("\n", "\n    "))

by_name = jax.jit(scale, static_argnames="n").lower(spec, n=3).compile()
print("static_argnames='n', lowered with n=3")
print("  in_avals:", by_name.in_avals)
print("  compiled(x):", by_name(x))
try:
    by_name(x, n=3)
except Exception as e:
    print("  compiled(x, n=3):", str(e).replace("\n", "\n    "))

# a static argument needs a value; a ShapeDtypeStruct is not one
try:
    jax.jit(scale, static_argnums=1).lower(spec, jax.ShapeDtypeStruct((), jnp.int32))
except Exception as e:
    print("lower(spec, ShapeDtypeStruct) for n:", first_line(e))
