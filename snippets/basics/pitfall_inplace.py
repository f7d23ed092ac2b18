import jax.numpy as jnp

x = jnp.zeros(4)
try:
    x[0] = 1.0
except TypeError as e:
    print("TypeError:", e)

# .at[...] returns a new array; x itself is unchanged.
y = x.at[0].set(1.0)
z = x.at[1:3].add(5.0)
print("x =", x)
print("y =", y)
print("z =", z)
