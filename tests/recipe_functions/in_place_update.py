# A second function for recipes/in_place_update.py: a rank-3 bfloat16 array updated at an
# array of indices (a scatter, with .add), inside a lax.scan over those indices, and once
# with the old array summed after the update.
def add_rows(x, idx, v):  # a scatter: several rows at once
    return x.at[idx].add(v)


def add_rows_in_scan(x, idx, v):  # one row per step of a scan; x is the carry
    def step(c, j):
        return lax.dynamic_update_slice(c, (c[j] + v)[None], (j, 0, 0)), None

    return lax.scan(step, x, idx)[0]


def add_rows_then_sum_old(x, idx, v):  # the whole old array is read after the update
    return x.at[idx].add(v), x.sum()


x, i, y = jnp.ones((128, 16, 8), jnp.bfloat16), jnp.array([2, 40, 77]), jnp.full((16, 8), 0.5, jnp.bfloat16)
functions = [("add_rows", add_rows), ("add_rows_in_scan", add_rows_in_scan), ("add_rows_then_sum_old", add_rows_then_sum_old)]
