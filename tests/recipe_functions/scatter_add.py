# A second function for recipes/scatter_add.py: bfloat16 rows of a matrix in place of
# float32 elements of a vector; .add on rows, .max on columns, .mul with unique indices,
# .set at a negative scalar index, and an unsorted segment_sum of rows.
def rows_add(x, idx, v):
    return x.at[idx].add(v)


def columns_max(x, idx, v):
    return x.at[:, idx % x.shape[1]].max(jnp.ones_like(x[:, idx % x.shape[1]]) * 2)


def rows_mul_unique(x, idx, v):
    return (x + 1).at[idx[:2]].mul(v[:2] * 3, unique_indices=True)


def last_row_set(x, idx, v):
    return x.at[-1].set(v[0])


def segment_rows(x, idx, v):
    return jax.ops.segment_sum(v, idx, num_segments=x.shape[0])


x, idx, v = jnp.zeros((5, 3), jnp.bfloat16), jnp.array([4, 0, 4]), jnp.ones((3, 3), jnp.bfloat16)
functions = [("rows_add", rows_add), ("columns_max", columns_max), ("rows_mul_unique", rows_mul_unique),
             ("last_row_set", last_row_set), ("segment_rows", segment_rows)]
