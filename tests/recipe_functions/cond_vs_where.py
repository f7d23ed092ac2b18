# A second function for recipes/cond_vs_where.py: a dict of a bfloat16 vector and an int32
# counter, a predicate on the counter alone, and two cheap elementwise branches.
def predicate(x):
    return x["n"] % 2 == 0


def if_true(x):
    return {"a": x["a"] * 2, "n": x["n"] // 2}


def if_false(x):
    return {"a": jnp.sin(x["a"]) + 1, "n": 3 * x["n"] + 1}


x = {"a": jnp.linspace(0, 1, 256, dtype=jnp.bfloat16), "n": jnp.int32(7)}
batch = {"a": jnp.stack([x["a"]] * 5), "n": jnp.arange(5, dtype=jnp.int32)}
