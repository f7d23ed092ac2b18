# A second function for recipes/jit_vs_shard_map.py: the parameters split too (each device
# keeps a quarter of w, as FSDP does) on a 4 x 2 mesh, in bfloat16, with a bias; the jitted
# step and a shard_map step that gathers w and, through its gradient, scatters the sum back.
mesh = jax.make_mesh((4, 2), ("data", "model"))


def loss(params, x):
    w, b = params
    h = jnp.tanh(x @ w + b)
    return jnp.mean(h.astype(jnp.float32) ** 2)


def step(params, x):
    value, g = jax.value_and_grad(loss)(params, x)
    return jax.tree.map(lambda p, d: p - (0.5 * d).astype(p.dtype), params, g), value


def step_per_device(params, x):  # w arrives as a block of rows; all_gather rebuilds it
    def global_loss(params):
        w, b = params
        whole = jax.lax.all_gather(w, "data", tiled=True)
        return jax.lax.pmean(loss((whole, b), x), ("data", "model"))

    value, g = jax.value_and_grad(global_loss)(params)
    return jax.tree.map(lambda p, d: p - (0.5 * d).astype(p.dtype), params, g), value


rows, batch = NamedSharding(mesh, P("data", None)), NamedSharding(mesh, P(("data", "model"), None))
params = jax.device_put((jnp.full((32, 24), 0.05, jnp.bfloat16), jnp.zeros(24, jnp.bfloat16)),
                        (rows, NamedSharding(mesh, P())))
x = jax.device_put(jnp.linspace(-1, 1, 64 * 32, dtype=jnp.bfloat16).reshape(64, 32), batch)
steps = [
    ("jit", jax.jit(step), (params, x)),
    ("shard_map", jax.jit(jax.shard_map(step_per_device, mesh=mesh, in_specs=((P("data", None), P()), P(("data", "model"), None)),
                                        out_specs=((P("data", None), P()), P()))), (params, x)),
]
