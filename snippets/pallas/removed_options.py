import pathlib

import jax
import jaxlib

# Import every Pallas TPU module first: in older JAX, some Pallas options were
# defined in these modules and existed only once they had been imported.
import jax.experimental.pallas.tpu  # noqa: F401
from jax._src.pallas.mosaic import interpret, lowering, pallas_call_registration  # noqa: F401

# 1. Ask JAX's configuration, now that every Pallas module is loaded.
pallas_options = sorted(name for name in jax.config.values if "pallas" in name)
print("Pallas options known to jax.config:", ", ".join(pallas_options))
for name in ["jax_pallas_enable_runtime_assert", "jax_pallas_dump_promela_to"]:
    try:
        jax.config.update(name, True)
        print(f"{name}: accepted")
    except AttributeError as e:
        print(f"{name}: AttributeError: {e}")

# 2. Search the installed jax and jaxlib packages, Python sources and binaries alike.
# The first word is a control: the option that replaced the runtime assert.
for word in [b"enable_debug_checks", b"runtime_assert", b"promela"]:
    hits = [
        path.name
        for package in (jax, jaxlib)
        for path in pathlib.Path(package.__file__).parent.rglob("*")
        if path.is_file() and word in path.read_bytes().lower()
    ]
    print(f"files of jax and jaxlib that contain {word.decode()!r}: {len(hits)}")
