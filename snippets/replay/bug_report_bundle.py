from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"

import pathlib
import shutil

import jax
import jaxlib

import repro

jax.jit(repro.residual)(repro.A, repro.B, repro.C)

# One folder with everything a maintainer needs, nothing from your machine.
report = pathlib.Path("bug_report")
report.mkdir()
dump = pathlib.Path("dump")
wanted = [
    "*.jit_residual.before_optimizations.txt",  # what XLA was given
    "*.jit_residual.cpu_after_optimizations.txt",  # what XLA made of it
    "*.jit_residual.snapshot.*.pb",  # the module with the inputs that show the problem
]
for pattern in wanted:
    for path in dump.glob(pattern):
        shutil.copy(path, report / path.name.replace("module_0000.", ""))
shutil.copy(repro.__file__, report / "repro.py")  # the minimal script itself
versions = f"jax {jax.__version__}\njaxlib {jaxlib.__version__}\nbackend {jax.default_backend()}\n"
(report / "versions.txt").write_text(versions)

for path in sorted(report.iterdir()):
    print(path.name.replace(path.name.split(".")[-2], "<run id>") if ".snapshot." in path.name else path.name)
print()
print((report / "versions.txt").read_text(), end="")
