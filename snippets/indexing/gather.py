import jax
import jax.numpy as jnp

from hlo_lines import hlo, jaxpr

x = jnp.arange(12.0).reshape(4, 3)  # rows [0 1 2], [3 4 5], [6 7 8], [9 10 11]
rows = jnp.array([3, 0])


def pick_rows(x, rows):
    return x[rows]  # rows 3 and 0: f32[2,3]


print(jaxpr(jax.make_jaxpr(pick_rows)(x, rows), "gather"))
print(hlo(jax.jit(pick_rows).lower(x, rows).as_text(dialect="hlo"), "reshape", "gather"))
print(jax.jit(pick_rows)(x, rows))


def pick_columns(x, cols):
    return jnp.take(x, cols, axis=1)  # columns 2 and 0 of every row: f32[4,2]


def pick_per_row(x, cols):
    return jnp.take_along_axis(x, cols, axis=1)  # one column per row: f32[4,1]


print("# jnp.take(x, cols, axis=1)")
cols = jnp.array([2, 0])
print(hlo(jax.jit(pick_columns).lower(x, cols).as_text(dialect="hlo"), "gather"))
print(jax.jit(pick_columns)(x, cols))
print("# jnp.take_along_axis(x, per_row, axis=1)")
per_row = jnp.array([[0], [2], [1], [0]])
print(hlo(jax.jit(pick_per_row).lower(x, per_row).as_text(dialect="hlo"), "reshape", "gather"))
print(jax.jit(pick_per_row)(x, per_row).ravel())


def pick_sorted(x, rows):
    return x.at[rows].get(indices_are_sorted=True, unique_indices=True, mode="clip")


print("# x.at[rows].get(indices_are_sorted=True, unique_indices=True, mode='clip')")
print(hlo(jax.jit(pick_sorted).lower(x, jnp.array([0, 3])).as_text(dialect="hlo"), "gather"))
