from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import contextlib
import os
import pathlib
import re
import sqlite3
import zipfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.lib import xla_client  # private: jaxlib's HLO parser and printer

TABLE = np.arange(64, dtype=np.float32)  # becomes a 64-element constant in the HLO


def f(x):
    return jnp.sin(x) + TABLE


x = jax.ShapeDtypeStruct((64,), jnp.float32)


def dump_with(folder, **flags):
    jax.clear_caches()  # a fresh compile each time, or nothing would be dumped
    jax.jit(f).lower(x).compile({"xla_dump_to": folder, **flags})
    return sorted(pathlib.Path(folder).iterdir())


def constant_line(folder):
    (path,) = pathlib.Path(folder).glob("*before_optimizations.txt")
    line = next(line for line in path.read_text().splitlines() if "constant(" in line)
    return line.strip()[:70]


dump_with("plain")
print("default:                   ", constant_line("plain"))
dump_with("large", xla_dump_large_constants=True)
print("xla_dump_large_constants:  ", constant_line("large"), "...")

# The default dump parsed back by XLA's HLO parser, then printed with every element.
(path,) = pathlib.Path("plain").glob("*before_optimizations.txt")
print_all = xla_client.hlo.HloPrintOptions.short_parsable()
print_all.print_large_constants = True
reparsed = xla_client.hlo.hlo_module_from_text(path.read_text()).to_string(print_all)
print("default, parsed back:      ", next(line for line in reparsed.splitlines() if "constant(" in line).strip()[:70], "...")

print("\nxla_dump_include_timestamp, with the LLVM IR on (the microseconds replaced by <time>):")
for path in dump_with("stamped", xla_dump_include_timestamp=True, xla_dump_emitter_re="llvm"):
    print("   ", re.sub(r"^\d+\.", "<time>.", path.name))

print("\nxla_dump_fusion_visualization adds:")
for path in dump_with("fusions", xla_dump_fusion_visualization=True):
    if path.name.endswith(".html"):  # older XLA: one HTML page
        print("   ", path.name, "titled", re.search(r"<title>(.*)</title>", path.read_text()).group(1))
    if path.name.endswith(".pyz"):  # a Python zip application: a viewer and its database
        with zipfile.ZipFile(path) as app:
            members = app.namelist()
            pathlib.Path("fusions.db").write_bytes(app.read("fusions.db"))
        with contextlib.closing(sqlite3.connect("fusions.db")) as db:
            (title,) = db.execute("SELECT value FROM metadata WHERE key = 'title'").fetchone()
            frames = [label for (label,) in db.execute("SELECT label FROM frames ORDER BY id")]
        print("   ", path.name, "holding", ", ".join(members))
        print(f"    titled {title}; {len(frames)} frames, the first: {frames[0]}")

plain = {p.name.split(".", 2)[2] for p in dump_with("again")}  # names minus module_NNNN.jit_f
meta = {p.name.split(".", 2)[2] for p in dump_with("meta", xla_dump_module_metadata=True)}
print("\nxla_dump_module_metadata adds on CPU:", sorted(meta - plain))

# xla_dump_max_hlo_modules refuses every file once XLA has counted that many dumped
# modules, and logs an error for each one it refuses: send those to a file.
saved_stderr = os.dup(2)
with open("skipped.log", "w") as log:
    os.dup2(log.fileno(), 2)
    capped = dump_with("capped", xla_dump_max_hlo_modules=1)
    os.dup2(saved_stderr, 2)
earlier = {re.search(r"module_\d{4}", p.name).group() for folder in ["plain", "large", "stamped", "fusions", "again", "meta"]
           for p in pathlib.Path(folder).iterdir() if p.is_file()}
print(f"\nxla_dump_max_hlo_modules=1, in a process that has already dumped {len(earlier)} modules:")
print("    files written:", len(capped))
messages = {re.sub(r"^.*?\] ", "", line) for line in open("skipped.log")}
print("    logged instead:", *sorted(m.strip() for m in messages))
