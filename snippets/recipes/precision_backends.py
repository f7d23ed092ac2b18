from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/precision_backends/ (git-ignored), the same on every run

import json
import pathlib
import re
from collections import Counter

import jax
import jax.numpy as jnp

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# One f32 product at each precision, and once with none given under jax_default_matmul_precision;
# then a second, batched product at two of them.
pair = jnp.ones((256, 512), jnp.float32), jnp.ones((512, 256), jnp.float32)
batched = jnp.ones((8, 32, 64), jnp.float32), jnp.ones((8, 64, 16), jnp.float32)
Precision = jax.lax.Precision
cases = {f"precision={p.name}": (p, None, pair) for p in (Precision.DEFAULT, Precision.HIGH, Precision.HIGHEST)}
cases["no precision, jax.default_matmul_precision('float32')"] = (None, "float32", pair)
for p in (Precision.DEFAULT, Precision.HIGHEST):
    cases[f"batched, precision={p.name}"] = (p, None, batched)

# On a GPU, also dump the Triton IR ("triton") and the PTX ("ptx") of the kernels that run the product.
emitters = {"xla_dump_emitter_re": "triton|ptx"} if target.name() in ("h100", "a100") else {}
for number, (case, (precision, default, (a, b))) in enumerate(cases.items()):
    print("==", case)
    jitted = jax.jit(lambda a, b: jnp.matmul(a, b, precision=precision),
                     compiler_options={"xla_dump_to": f"dump{number}", **emitters})
    with jax.default_matmul_precision(default):  # read when the function is traced
        [eqn] = jitted.trace(a, b).jaxpr.eqns
        hlo = target.compile_jitted(jitted, a, b).as_text()
    print("  jaxpr:     precision=%s" % (eqn.params["precision"],))
    types = dict(re.findall(r"%(\S+) = (\w+\[[\d,]*\])", hlo))
    for out, op, lhs, rhs, rest in re.findall(r"= (\w+\[[\d,]*\])\S* (dot|convolution)\(%([^,]+), %([^)]+)\)(.*)", hlo):
        attrs = re.findall(r"(operand_precision=\{[^}]*\}|algorithm=\w+)", rest)
        print(f"  optimized: {op}({types[lhs]}, {types[rhs]}) -> {out}", ", ".join(attrs) or "(no attribute)")
    converts = Counter(re.findall(r"= (\w+)\[[\d,]*\]\S* convert\(", hlo))
    print("  converts:", dict(converts) or "none")
    libraries = re.findall(r'"fusion(?:_backend)?_config":\{"kind":"(\w+)"', hlo)
    if libraries:  # the CPU's YNNPACK, a GPU's Triton
        print("  library fusions:", libraries)
    for line in re.findall(r"^.* fusion\(.*kind=kOutput.*$", hlo, re.MULTILINE):  # a TPU's fusion around the product
        window = json.loads(line.split("backend_config=", 1)[1])["window_config"]
        print("  kOutput fusion: estimated_cycles", window["estimated_cycles"])
    for path in sorted(pathlib.Path(f"dump{number}").glob("*.ttir.txt")):  # Triton IR, after XLA's passes over it
        if path.name.endswith(".before_validation.ttir.txt"):
            continue
        for dot in re.findall(r"tt\.dot .*", path.read_text()):
            mode = re.search(r"inputPrecision = (\w+)", dot)
            print("  Triton IR: tt.dot, inputPrecision", mode[1] if mode else "not given",
                  "|", dot.rsplit(" : ", 1)[1])
    for path in sorted(pathlib.Path(f"dump{number}").glob("*.xtile-to-triton.txt")):  # the generic form: no value left out
        found = sorted(set(re.findall(r'"tt\.dot"\(.*?inputPrecision = (\d+)', path.read_text())))
        print("  Triton IR, generic form: tt.dot, inputPrecision =", ", ".join(found) or "not given")
    for path in sorted(pathlib.Path(f"dump{number}").glob("*.ptx")):  # the PTX of each kernel
        kernel = re.search(r"\.visible \.entry (\w+)\(", path.read_text())[1]
        found = Counter(re.findall(r"\b(mma\.\S+|wgmma\.\S+|cvt\.rna\.tf32\.f32|fma\.rn\.f32)", path.read_text()))
        if kernel.startswith("gemm_fusion"):
            print(f"  PTX of {kernel}:", ", ".join(f"{op} x{n}" for op, n in sorted(found.items())) or "none")
