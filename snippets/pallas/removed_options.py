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

# 2. Search the files the jax and jaxlib wheels installed, Python sources and binaries
# alike. Bytecode caches (__pycache__/*.pyc) are left out: whether they exist depends
# on how the packages were installed, not on what JAX ships.
# The first word is a control: the option that replaced the runtime assert.
files = [
    path
    for package in (jax, jaxlib)
    for path in sorted(pathlib.Path(package.__file__).parent.rglob("*"))
    if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
]
for word in [b"enable_debug_checks", b"runtime_assert", b"promela"]:
    hits = [path for path in files if word in path.read_bytes().lower()]
    sources = sum(path.suffix == ".py" for path in hits)
    print(f"files of jax and jaxlib that contain {word.decode()!r}: {len(hits)}"
          f" ({sources} .py, {len(hits) - sources} other)")
