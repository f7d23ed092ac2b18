import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=32"  # the CPU's 32 devices

import re  # noqa: E402
from collections import Counter  # noqa: E402

import jax  # noqa: E402
import numpy as np  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

import target  # noqa: E402

devices = target.devices(32)
mesh = Mesh(np.array(devices).reshape(4, 8), ("data", "model"))  # 4-way data, 8-way model parallel
print(f"{len(devices)} devices: {devices[0].device_kind}")

D, H, F, V, B, S = 256, 8, 1024, 4096, 32, 128  # width, heads, MLP width, vocabulary, batch, sequence


def block(params, x):
    """One transformer block: attention, then an MLP, each with a residual."""
    q, k, v = (jnp.einsum("bsd,dhe->bshe", x, params[name]) for name in ("wq", "wk", "wv"))
    weights = jax.nn.softmax(jnp.einsum("bshe,bthe->bhst", q, k) / jnp.sqrt(q.shape[-1]), axis=-1)
    x = x + jnp.einsum("bhst,bthe,hed->bsd", weights, v, params["wo"])
    return x + jax.nn.gelu(x @ params["w1"]) @ params["w2"]


def loss(params, tokens, labels):
    x = params["embed"][tokens]
    logits = block(params, x) @ params["embed"].T
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[..., None], axis=-1))


def train_step(params, tokens, labels):
    value, grads = jax.value_and_grad(loss)(params, tokens, labels)
    return value, jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)


def shaped(shape, spec, dtype=jnp.float32):
    return jax.ShapeDtypeStruct(shape, dtype, sharding=NamedSharding(mesh, spec))


params = {"embed": shaped((V, D), P("model", None)),
          "wq": shaped((D, H, D // H), P(None, "model")), "wk": shaped((D, H, D // H), P(None, "model")),
          "wv": shaped((D, H, D // H), P(None, "model")), "wo": shaped((H, D // H, D), P("model")),
          "w1": shaped((D, F), P("data", "model")), "w2": shaped((F, D), P("model", "data"))}
tokens = shaped((B, S), P("data"), jnp.int32)
compiled = target.compile(train_step, params, tokens, tokens)
text = compiled.as_text()
print(re.search(r"num_partitions=\d+", text).group())
print("collectives:", dict(sorted(Counter(re.findall(
    r" ((?:all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute)(?:-start|-done)?)\(", text)).items())))
print("async starts:", dict(Counter(re.findall(r" ([a-z-]+-start)\(", text))))
memory = compiled.memory_analysis()  # per device
for field in ("argument", "output", "temp", "alias", "generated_code"):
    print(f"{field}_size_in_bytes: {getattr(memory, field + '_size_in_bytes'):>12,}")
