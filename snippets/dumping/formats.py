from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib
import re

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


x = jnp.ones(4)
# Each format flag also works as a compile option, so one script can try them
# all; XLA_FLAGS="--xla_dump_to=DIR --FLAG" writes the same files.
for flag in [
    "xla_dump_hlo_as_text",
    "xla_dump_hlo_as_proto",
    "xla_dump_hlo_as_dot",
    "xla_dump_hlo_as_html",
    "xla_dump_hlo_as_url",
    "xla_dump_hlo_snapshots",
]:
    print(f"--{flag}", flush=True)
    jax.clear_caches()  # otherwise the second compile is a cache hit and dumps nothing
    compiled = jax.jit(f).lower(x).compile({"xla_dump_to": flag, flag: True})
    compiled(x)  # snapshots are written when the executable runs
    for path in sorted(pathlib.Path(flag).iterdir()):
        name = re.sub(r"^module_\d+\.jit_f\.", "", path.name)  # the common prefix
        name = re.sub(r"snapshot\.-?\d+", "snapshot.<run id>", name)
        print("   ", name)
    if flag == "xla_dump_hlo_as_html":
        (page,) = pathlib.Path(flag).glob("*.before_optimizations.html")
        print("    (its scripts come from:", *sorted(set(re.findall(r'src="(https://[^/"]+)/', page.read_text()))), end=")\n")
    if flag == "xla_dump_hlo_as_url":
        (url,) = pathlib.Path(flag).glob("*.before_optimizations.url")
        print("    (before_optimizations.url holds:", url.read_text().strip()[:40], "...)")
