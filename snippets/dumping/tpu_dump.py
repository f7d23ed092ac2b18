from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch folder (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump"

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import target  # noqa: E402

if target.only("tpu"):  # the files libtpu's compiler writes

    def dense(x, w):
        return jnp.maximum(x @ w, 0.0)

    compiled = target.compile(dense, jax.ShapeDtypeStruct((128, 256), jnp.float32),
                              jax.ShapeDtypeStruct((256, 512), jnp.float32))
    files = sorted(path for path in Path("dump").rglob("*") if path.is_file())
    (prefix,) = {re.match(r"module_\d+\.jit_dense\.cl_\d+", path.name or "").group() for path in files
                 if path.parent.name == "dump" and "jit_dense" in path.name}
    print(f"{len(files)} files, all of one module: {re.sub(r'cl_[0-9]+', 'cl_N', prefix)}")  # N: libtpu's build
    for path in files:
        name = str(path.relative_to("dump")).replace(prefix, "PREFIX")
        print(f"  {name}")

    def read(suffix):
        return Path("dump", prefix + suffix).read_text()

    stages = [".before_optimizations.txt", ".after_optimizations_before_buffer_assignment.txt",
              ".after_optimizations_after_buffer_assignment.txt", ".after_optimizations.txt", ".after_codegen.txt"]
    print("\ncopy-start in:", [stage for stage in stages if " copy-start(" in read(stage)])
    print("estimated_cycles in compiled.as_text():", "estimated_cycles" in compiled.as_text(),
          "| in:", [stage for stage in stages if "estimated_cycles" in read(stage)])
    print("memory spaces in the memory-usage report:",
          re.findall(r"^Memory Space: (.*)$", read(".after_optimizations-memory-usage-report.txt"), re.M))
    print("lines: flagfile", len(read(".flagfile").splitlines()), "| tpu_comp_env.txt",
          len(read(".tpu_comp_env.txt").splitlines()), "| debug_options", len(read(".debug_options").splitlines()))
    print("basic_compiler_metadata.txt:", *re.findall(r"^(\w+_count): (\d+)$", read(".basic_compiler_metadata.txt"), re.M))
    print("transfer_stats.txt, its parts:", *re.findall(r"^(\w+) \{$", read(".transfer_stats.txt"), re.M),
          "| a number in it:", bool(re.search(r"\d", read(".transfer_stats.txt"))))
    print("target_arguments.txt:", *re.findall(r"^  (version|variant): (.*)$", read(".target_arguments.txt"), re.M))
    print("topology.textproto:", read("/topology.textproto").split("\\n")[0].splitlines()[-1])
    report = read(".after_optimizations-memory-usage-report.txt")
    for space, body in re.findall(r"^Memory Space: (\w+) \(color=\d\)\n(.*?)(?=^Memory Space|\Z)", report, re.M | re.S):
        print(f"memory-usage report, {space}: total {re.search(r'Total bytes: (\d+)', body).group(1)} bytes;",
              "allocations:", " | ".join(f"{row.split(';')[1].strip()} {row.split(';')[-1].strip()}"
                                         for row in body.splitlines() if "%);" in row))
    stats = compiled.memory_analysis()
    print("memory_analysis(): argument", stats.argument_size_in_bytes, "| output", stats.output_size_in_bytes,
          "| temp", stats.temp_size_in_bytes)
