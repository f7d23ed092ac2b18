# A second function for recipes/print_inside_jit.py: int16, a 2x2 matrix, a print inside a
# loop body (once per iteration), none of them ordered, and a new shape on the second call.
def running(m):
    def body(carry, row):
        jax.debug.print("row {} carry {}", row, carry)
        return carry + row, carry

    total, _ = jax.lax.scan(body, jnp.zeros(m.shape[1], m.dtype), m)
    return total


calls = [(jnp.ones((2, 2), jnp.int16),), (jnp.ones((3, 2), jnp.int16),)]
function = running
