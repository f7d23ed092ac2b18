# A second function for recipes/trip_count.py: int16, 4096 elements, a scan with unroll=4
# nested in a fori_loop that starts at 3, and a while_loop whose stop is a counter.
def rounds(x):
    def one_round(i, x):
        _, ys = jax.lax.scan(lambda c, xi: (c + xi, c), jnp.int16(0), x, unroll=4)
        return ys + i.astype(jnp.int16)

    x = jax.lax.fori_loop(3, 9, one_round, x)
    _, x = jax.lax.while_loop(lambda s: s[0] < 10, lambda s: (s[0] + 1, s[1] // 2), (0, x))
    return x


function = jax.jit(rounds)
args = (jnp.arange(4096, dtype=jnp.int16),)
