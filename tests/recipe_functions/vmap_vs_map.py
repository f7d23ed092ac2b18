# A second function for recipes/vmap_vs_map.py: three arguments per example (a bfloat16
# vector, a float32 scale and an int32 step count), a lax.while_loop whose stopping test
# depends on the example, and a pytree result; a batch of 3.
def f(v, scale, steps):
    def body(carry):
        k, u = carry
        return k + 1, jnp.tanh(u * scale.astype(u.dtype))

    k, u = lax.while_loop(lambda carry: carry[0] < steps, body, (0, v))
    return {"u": u, "norm": jnp.sqrt(jnp.sum(u.astype(jnp.float32) ** 2)), "k": k}


batch = (jnp.linspace(-2, 2, 3 * 5, dtype=jnp.bfloat16).reshape(3, 5), jnp.array([0.5, 1.0, 1.5]),
         jnp.array([1, 4, 2], jnp.int32))
