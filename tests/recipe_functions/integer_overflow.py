# A second function for recipes/integer_overflow.py: two arguments, unsigned and 16-bit
# integers, a reduction and a running sum, where the page multiplies one signed vector. Its
# uint32 counts stay 32-bit with x64 on: x64 widens only the types nobody asked for.
def weighted(counts, weight):
    totals = (counts * weight).sum(axis=-1)
    return totals, jnp.cumsum(counts, axis=0, dtype=jnp.uint32)


function = weighted


def make_args():
    return [
        ("uint32 counts, a Python int weight", (jnp.array([[60_000, 70_000], [1, 2]], jnp.uint32), 70_000)),
        ("uint64 NumPy counts", (np.array([[2**33 + 5, 3], [1, 2]], np.uint64), 2)),
        ("int16 NumPy counts, a large weight", (np.array([[300, 200], [7, 8]], np.int16), 5_000_000_000)),
        ("int64 NumPy weight", (jnp.array([[4, 5]], jnp.int32), np.array(3_000_000_000))),
    ]
