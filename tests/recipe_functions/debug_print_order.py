# A second function for recipes/debug_print_order.py: prints in nested scans (an unordered one
# in the inner body, an ordered one in the outer), over bfloat16 rows; an ordered print in a
# while_loop whose trip count is not known while compiling, alone and under vmap with a
# different count per example; and a print seen through jax.jvp.
def inner(c, x):
    jax.debug.print("inner: c={} x={}", c, x)
    return c * 0.5 + x, c


def outer(c, row):
    c, ys = lax.scan(inner, c, row)
    jax.debug.print("outer: row done, c={}", c, ordered=True)
    return c, ys.sum()


def nested(rows):
    return lax.scan(outer, jnp.bfloat16(0), rows)


def count_down(n):
    def body(k):
        jax.debug.print("count_down: k={}", k, ordered=True)
        return k - 1

    return lax.while_loop(lambda k: k > 0, body, n)


def loss(x):
    jax.debug.print("loss sees {x}", x=x)
    return jnp.tanh(x).sum()


rows = jnp.arange(6, dtype=jnp.bfloat16).reshape(2, 3)
cases = [
    ("nested scans", nested, (rows,)),
    ("while_loop", count_down, (jnp.int32(3),)),
    ("vmap of while_loop", jax.vmap(count_down), (jnp.array([1, 3], jnp.int32),)),
    ("jvp", lambda x: jax.jvp(loss, (x,), (jnp.ones_like(x),)), (jnp.ones((2, 2), jnp.bfloat16),)),
]
