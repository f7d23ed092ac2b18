import jax
import jax.numpy as jnp

from hlo_lines import called, computation, hlo, jaxpr

x = jnp.zeros((4, 3))
rows = jnp.array([3, 0])
updates = jnp.ones((2, 3))


def add_rows(x, rows, updates):
    return x.at[rows].add(updates)  # add a row of ones to rows 3 and 0


print(jaxpr(jax.make_jaxpr(add_rows)(x, rows, updates), "scatter-add"))
text = jax.jit(add_rows).lower(x, rows, updates).as_text(dialect="hlo")
scatter = hlo(text, "scatter")
print(hlo(text, "reshape"))
print(scatter)
print(computation(text, called(scatter)))

# The same with .set, on a vector, and an index that repeats.
v = jnp.zeros(5)
idx = jnp.array([1, 1, 3])
vals = jnp.array([1.0, 2.0, 3.0])


def set_at(v, idx, vals):
    return v.at[idx].set(vals)


def add_at(v, idx, vals):
    return v.at[idx].add(vals)


def set_unique(v, idx, vals):
    return v.at[idx].set(vals, unique_indices=True)


print("# v.at[idx].set(vals)")
text = jax.jit(set_at).lower(v, idx, vals).as_text(dialect="hlo")
scatter = hlo(text, "scatter")
print(scatter)
print(computation(text, called(scatter)))
print("# v.at[idx].set(vals, unique_indices=True)")
print(hlo(jax.jit(set_unique).lower(v, idx, vals).as_text(dialect="hlo"), "scatter"))

print()
print("idx =", idx, " vals =", vals)
print("add_at:", jax.jit(add_at)(v, idx, vals))
print("set_at:", jax.jit(set_at)(v, idx, vals))
