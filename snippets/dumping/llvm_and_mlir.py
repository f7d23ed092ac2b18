from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import os

os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_emitter_re=llvm"  # the second flag: LLVM IR too

import pathlib  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402

from mlp import example_batch, init_params, loss  # noqa: E402

params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
jax.jit(loss).lower(params, x, y).compile()

dump = pathlib.Path("dump")

# The fusions of the optimized module, and the opcodes inside each one.
(after,) = dump.glob("*.jit_loss.cpu_after_optimizations.txt")
text = after.read_text()
print("== fusions in the optimized entry computation: kind, and the opcodes of the computation each calls")
for name, kind, called in re.findall(r"%(\S+) = .* fusion\(.*kind=(\w+), calls=%([\w.]+)", text.split("ENTRY")[1]):
    body = re.search(rf"^%{re.escape(called)} .*?^}}", text, re.M | re.S).group()
    opcodes = sorted(set(re.findall(r" = \S+ ([a-z-]+)\(", body)))
    print(f"{name:<25} {kind:<8} {', '.join(opcodes)}")
print()
# One LLVM module per fused kernel that XLA generates code for; each is dumped
# before (ir-no-opt) and after (ir-with-opt) LLVM's own optimizations.
for ll in sorted(dump.glob("*.jit_loss.*.ir-with-opt.ll")):
    print(f"== {ll.name} (the function definition line)")
    for line in ll.read_text().splitlines():
        if line.startswith("define"):
            print(line)

for obj in sorted(dump.glob("*.jit_loss.obj-file.*.o")):
    print(f"== {obj.name}: starts with {obj.read_bytes()[:4]!r}, an ELF object file")

# The subfolder holds what JAX handed over: the StableHLO module and its compile options.
mlir = dump / "module_0000.jit_loss" / "module.mlir"
print(f"\n== {mlir.relative_to(dump)} (lines that start the module and its ops)")
for line in mlir.read_text().splitlines():
    if line.startswith("module @") or "stablehlo.dot_general" in line:
        print(line[:110] + (" ..." if len(line) > 110 else ""))
