# A second function for recipes/grad_loops.py: a lax.while_loop (which no bound makes a scan)
# that also stops early when its step gets small, over a pytree carry of bfloat16 arrays,
# and its fix, a scan of N_MAX steps that keeps the carry once the loop would have stopped.
def step(state):
    w, scale = state["w"], state["scale"]
    new = {"w": jnp.tanh(w * scale) + 0.5 * w, "scale": scale}
    return new, jnp.abs(new["w"] - w).max()


def f(x, n):
    def cond(carry):
        i, _, change = carry
        return (i < n) & (change > 1e-2)

    def body(carry):
        i, state, _ = carry
        return (i + 1, *step(state))

    _, state, _ = lax.while_loop(cond, body, (0, x, jnp.array(jnp.inf, jnp.bfloat16)))
    return state["w"].sum()


N_MAX = 12


def f_bounded(x, n):
    def scan_body(carry, _):
        i, state, change = carry
        go = (i < n) & (change > 1e-2)
        new = (i + 1, *step(state))
        return jax.tree.map(lambda a, b: jnp.where(go, a, b), new, carry), None

    (_, state, _), _ = lax.scan(scan_body, (0, x, jnp.array(jnp.inf, jnp.bfloat16)), None, length=N_MAX)
    return state["w"].sum()


x = {"w": jnp.linspace(-0.5, 1.5, 5, dtype=jnp.bfloat16), "scale": jnp.array(0.8, jnp.bfloat16)}
n = 6
functions = [("f", f), ("f_bounded", f_bounded)]
