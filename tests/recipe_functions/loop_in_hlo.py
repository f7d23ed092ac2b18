# A second function for recipes/loop_in_hlo.py: int16, tiny, a while_loop whose trip count
# depends on an argument, so XLA cannot know it.
def f(x, limit):
    def cond(state):
        i, _ = state
        return i < limit

    def body(state):
        i, v = state
        return i + 1, v * 2 + 1

    return lax.while_loop(cond, body, (jnp.int16(0), x))


args = (jnp.ones(3, jnp.int16), jnp.int16(5))
