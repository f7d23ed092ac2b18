# A second function for recipes/bug_report.py: another name, a dict of arguments (three
# leaves), 2-D bf16 and int16 arrays, and jnp arrays, which compile modules of their own.
os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_module_re=^jit_scaled_sum$ --xla_dump_hlo_as_text --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402


def scaled_sum(batch):
    return (batch["x"] * batch["scale"]).sum(axis=0) + batch["offset"].astype(jnp.bfloat16)


args = ({"x": jnp.ones((3, 2), jnp.bfloat16), "scale": jnp.full((3, 2), 2, jnp.bfloat16),
         "offset": jnp.arange(2, dtype=jnp.int16)},)
jitted = jax.jit(scaled_sum)
