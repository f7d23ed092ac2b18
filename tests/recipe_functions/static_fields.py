# A second pytree for recipes/static_fields.py: a tuple of two dataclasses registered with
# explicit data_fields and meta_fields, a dict inside each, one static field instead of two,
# bf16 leaves, and a data field the function never reads (jit drops it from the HLO).
@dataclasses.dataclass
class Dense:
    kernel: jax.Array
    extra: dict  # {"bias": ..., "unused": ...}: a nested pytree of leaves
    transpose: bool


jax.tree_util.register_dataclass(Dense, data_fields=["kernel", "extra"], meta_fields=["transpose"])


def f(layers, x):
    for layer in layers:
        kernel = layer.kernel.T if layer.transpose else layer.kernel
        x = jax.nn.gelu(x @ kernel + layer.extra["bias"])
    return x


def dense(n, transpose=False, scale=1.0):
    extra = {"bias": jnp.zeros(n, jnp.bfloat16), "unused": jnp.ones(3)}
    return Dense(jnp.full((n, n), scale, jnp.bfloat16), extra, transpose)


args = ((dense(8), dense(8)), jnp.ones((16, 8), jnp.bfloat16))
calls = [
    ("as above", args),
    ("new kernel values", ((dense(8, scale=2.0), dense(8)), args[1])),
    ("layer 1 transposed", ((dense(8), dense(8, transpose=True)), args[1])),
    ("layer 1 transposed, anew", ((dense(8), dense(8, transpose=True)), args[1])),
    ("transpose=1, not True", ((dense(8), dense(8, transpose=1)), args[1])),
]
