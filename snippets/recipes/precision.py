import re
from collections import Counter

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
def product(a, b):
    return jnp.matmul(a, b, precision=jax.lax.Precision.HIGHEST)


function = jax.jit(product)
cases = {  # the same call at two sizes, with bf16 operands, then on two vectors
    "small": (jnp.ones((2, 3), jnp.bfloat16), jnp.ones((3, 2), jnp.bfloat16)),
    "large": (jnp.ones((256, 512), jnp.bfloat16), jnp.ones((512, 256), jnp.bfloat16)),
    "vectors": (jnp.ones(1024, jnp.bfloat16), jnp.ones(1024, jnp.bfloat16)),
}
# --8<-- [end:your-function]

# Everything below works for any jitted function with a matrix product.
def dots(jaxpr):  # every dot_general equation, including those in nested jaxprs
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "dot_general":
            yield eqn
        for value in eqn.params.values():
            for inner in value if isinstance(value, (tuple, list)) else [value]:
                if hasattr(inner, "eqns") or hasattr(inner, "jaxpr"):
                    yield from dots(getattr(inner, "jaxpr", inner))


for case, args in cases.items():
    print(f"== {case}: " + ", ".join(f"{x.dtype}{list(x.shape)}" for x in args))
    for eqn in dots(function.trace(*args).jaxpr.jaxpr):
        print("  jaxpr:     precision=%s preferred_element_type=%s" % (
            eqn.params["precision"], eqn.params["preferred_element_type"]))
    lowered = function.lower(*args)
    for line in lowered.as_text().splitlines():
        if "stablehlo.dot_general" in line:
            attrs = re.findall(r"(precision = \[[^\]]*\]|algorithm = <[^>]*>)", line)
            print("  StableHLO:", ", ".join(attrs), line.rsplit(" : ", 1)[1])
    for line in lowered.as_text(dialect="hlo").splitlines():  # before XLA's passes
        if " dot(" in line:
            attrs = re.findall(r"(operand_precision=\{[^}]*\}|algorithm=\w+)", line)
            print("  HLO:      ", ", ".join(attrs) or "(default precision: no attribute)")
    hlo = target.compile_jitted(function, *args).as_text()  # after XLA's passes, for the target
    types = dict(re.findall(r"%(\S+) = (\w+\[[\d,]*\])", hlo))
    # a TPU runs a product as a convolution
    products = re.findall(r"= (\w+\[[\d,]*\])\S* (dot|convolution)\(%([^,]+), %([^)]+)\)(.*)", hlo)
    for out, op, lhs, rhs, rest in products:
        attrs = re.findall(r"(operand_precision=\{[^}]*\}|algorithm=\w+)", rest)
        print(f"  optimized: {op}({types[lhs]}, {types[rhs]}) -> {out}", ", ".join(attrs))
    # a GPU may hand the product to cuBLAS: a custom-call whose backend_config holds the precision
    calls = re.findall(r'= \(?(\w+\[[\d,]*\])[^=\n]*? custom-call\(%([^,)]+), %([^,)]+)[,)].*?custom_call_target="(__cublas[^"]*)"'
                       r'.*?"precision_config":(\{[^}]*\})', hlo)
    for out, lhs, rhs, call, config in calls:
        print(f"  optimized: custom-call {call}({types[lhs]}, {types[rhs]}) -> {out} precision_config={config}")
    products += calls
    # what XLA put around the product: zeros padding an operand, a slice of the result, a sum of partial products
    around = re.findall(r"= (\w+\[[\d,]*\])\S* (pad|slice|reduce)\(.*?(padding=[\dx_]+|slice=\{[^}]*\}|dimensions=\{[^}]*\})", hlo)
    if products and around:
        print("  around it:", ", ".join(f"{op} -> {out} {detail}" for out, op, detail in around))
    if not products:  # a product of vectors, or of a size-1 dimension, becomes a multiply and a reduce
        print("  optimized: no dot: XLA rewrote it as elementwise ops, and the precision went with it:",
              ", ".join(f"{op} x{n}" for op, n in sorted(Counter(re.findall(r"= \S+ (multiply|reduce)\(", hlo)).items())))
    fusions = re.findall(r'"fusion(?:_backend)?_config":\{"kind":"(\w+)"', hlo)  # a CPU's, a GPU's
    converts = Counter(f"{types[src].split('[')[0]}->{dst}" for dst, src in re.findall(r"= (\w+)\[[\d,]*\]\S* convert\(%([^)]+)\)", hlo))
    print("  library fusions:", fusions or "none", "| converts:", dict(converts) or "none")
