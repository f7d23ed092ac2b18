import collections
import pathlib
import re
import shutil
import tempfile

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# --8<-- [start:your-function]
def loss(w, x):
    return jnp.mean(jnp.tanh(x @ w) ** 2)


def predict(w, x):
    return jnp.tanh(x @ w)


w = jnp.ones((16, 4))
calls = [(loss, (w, jnp.ones((8, 16)))), (predict, (w, jnp.ones((8, 16)))),
         (predict, (w, jnp.ones((2, 16))))]  # the same function with a new shape: a new module
# --8<-- [end:your-function]

# Everything below works for any list of calls. The dump options are given to each jit,
# which writes the files XLA_FLAGS="--xla_dump_to=DIR" writes, for these modules alone (on
# the CPU, less the subfolder of each); each is
# compiled, as its call would compile it, for the CPU or the target of LIVE_TARGET.
dump = pathlib.Path(tempfile.mkdtemp())
for function, args in calls:
    target.compile(function, *args, compiler_options={"xla_dump_to": str(dump)})

KINDS = {  # how a file's name ends -> what it holds
    "before_optimizations.txt": "HLO as XLA received it, before any pass",
    "after_optimizations.txt": "HLO after XLA's passes: what runs",
    "after_optimizations-buffer-assignment.txt": "each buffer, its size, the values in it",
    "after_optimizations-buffer-assignment-values.txt": "each value, where it is defined and used",
    "after_optimizations-live-range.txt": "when each buffer is live; the peak",
    "after_optimizations-memory-usage-report.txt": "total bytes, largest allocations first",
    "debug_options": "the XLA options that differ from the defaults",
    ".o": "machine code of one kernel",
    # a TPU's
    "after_codegen.txt": "HLO after the TPU's code generation",
    "after_optimizations_before_buffer_assignment.txt": "HLO before memory spaces and buffers are assigned",
    "after_optimizations_after_buffer_assignment.txt": "HLO after buffer assignment",
    "basic_compiler_metadata.txt": "module name, instruction count, program id",
    "execution_options.txt": "replicas, partitions, device assignment",
    "flagfile": "libtpu's flags, --flag=value a line (XLA's own: hlo_module_config)",
    "hlo_module_config.txt": "the module's config: entry layouts first",
    "target_arguments.txt": "the TPU topology compiled for",
    "tpu_comp_env.txt": "this compile's environment: most of the flagfile's settings",
    "transfer_stats.txt": "sizes of host transfers and host DMAs, by bucket",
    # a GPU's
    "after_spmd_partitioner.txt": "HLO after SPMD partitioning",
    "before_config_assignment.txt": "HLO after fusion, before kernel configs; not scheduled",
    "config.pbtxt": "the module's config: entry layouts first",
    "gpu_target_config.pbtxt": "the GPU's description: cores, memory, limits",
    "autotune_results.pbtxt": "autotuning's results: a version alone, nothing was tuned",
    "thunk_sequence.txt": "the GPU runtime's thunks in order: kernels, launch sizes",
    "thunk_metadata.txt": "each thunk's kind and profile name",
}
# What most descriptions rest on, read from the file's text (an HLO file starts `HloModule`).
SIGNS = {
    "basic_compiler_metadata.txt": lambda t: "optimized_hlo_instruction_count" in t,
    "execution_options.txt": lambda t: "num_replicas" in t,
    "flagfile": lambda t: t.startswith("--") and "--xla_tpu_" in t and "xla_dump_to" not in t,
    "hlo_module_config.txt": lambda t: t.startswith("entry_computation_layout") and "xla_dump_to" in t,
    "config.pbtxt": lambda t: t.startswith("entry_computation_layout"),
    "target_arguments.txt": lambda t: "tpu_topology_args" in t,
    "tpu_comp_env.txt": lambda t: "xla_tpu_" in t,
    "transfer_stats.txt": lambda t: "host_dma_sizes" in t and "host_transfer_sizes" in t,
    "after_optimizations_before_buffer_assignment.txt": lambda t: t.startswith("HloModule") and "S(1)" not in t,
    "before_config_assignment.txt": lambda t: t.startswith("HloModule") and "is_scheduled=true" not in t,
    "gpu_target_config.pbtxt": lambda t: "core_count" in t,
    "autotune_results.pbtxt": lambda t: len(t.split()) == 2 and t.split()[0] == "version:",
    "thunk_sequence.txt": lambda t: "threads:" in t,
    "thunk_metadata.txt": lambda t: "thunk_kind" in t,
}
modules = collections.defaultdict(list)  # "module_NNNN.jit_NAME" -> the rest of each file name
for path in sorted(dump.iterdir()):
    module, rest = re.match(r"(module_\d+\.[^.]+)\.(.*)", path.name).groups()
    modules[module].append(rest + "/" if path.is_dir() else rest)
for module, rests in modules.items():  # each file's name, then under it what it holds
    print(module)
    for rest in rests:
        kind = max((k for k in KINDS if rest.endswith(k)), key=len, default=None)
        if rest.endswith("/"):  # a subfolder: its files
            kind = "holding " + ", ".join(sorted(p.name for p in (dump / f"{module}.{rest}").iterdir()))
        print(f"    {rest}\n        {KINDS.get(kind, kind or '?')}")
        text = "" if rest.endswith("/") else (dump / f"{module}.{rest}").read_text(errors="replace")
        holds = SIGNS.get(kind, lambda t: "HLO" not in KINDS.get(kind, "") or t.startswith("HloModule"))
        if not rest.endswith("/") and not holds(text):
            print("        ^ not what the description above says")

print("\nthe module of each call: the first line of compiled.as_text(),")
print("`HloModule jit_NAME, entry_computation_layout={...}` with the argument shapes,")
print("is that of its *after_optimizations.txt")
for function, args in calls:
    header = target.compile(function, *args).as_text().splitlines()[0]
    mine = [m for m, rests in modules.items() for r in rests if r.endswith("after_optimizations.txt")
            and (dump / f"{m}.{r}").read_text().splitlines()[0] == header]
    shapes = ", ".join(jax.typeof(a).str_short() for a in jax.tree.leaves(args))
    name = getattr(getattr(function, "func", function), "__name__", "?")  # a partial: the function it wraps
    print(f"    {name}({shapes}) -> {', '.join(mine) or 'not found'}")
shutil.rmtree(dump)  # the folder was only needed for the listing
