import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((8,), ("x",))
split, replicated = NamedSharding(mesh, P("x")), NamedSharding(mesh, P())


def entry(n, sharded=True, disabled="", reduction=jnp.sum, dtype=jnp.float32):
    """Excerpt: the entry computation of the reduction (jnp.sum) over f32[n], without
    metadata, and the reduce-window and reduce lines of the fused computations it calls."""
    shardings = {"in_shardings": split, "out_shardings": replicated} if sharded else {}
    text = (jax.jit(reduction, **shardings).lower(jax.ShapeDtypeStruct((n,), dtype))
            .compile({"xla_disable_hlo_passes": disabled}).as_text())
    lines = text[text.index("ENTRY"):].splitlines()
    lines += [l for l in text.splitlines() if " reduce-window(" in l or " reduce(" in l]
    return "\n".join("  " + l.strip().split(", metadata=")[0] for l in lines if l.strip() not in ("", "}"))


print("f32[512] split 8 ways (64 per device):")
print(entry(512))
print("the same, with tree_reduction_rewriter disabled:")
print(entry(512, disabled="tree_reduction_rewriter"))
print("f32[256] split 8 ways (32 per device):")
print(entry(256))
print("f32[64] on one device, no sharding:")
print(entry(64, sharded=False))
print("jnp.max of s32[512] split 8 ways (64 per device):")
print(entry(512, reduction=jnp.max, dtype=jnp.int32))
