import collections
import re

import jax
import jax.numpy as jnp
import numpy as np
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


# The page's f in its two parts, compiled one by one: the linear algebra, and the callback.
def solve(a, b):
    return jnp.linalg.solve(a @ a.T + jnp.eye(64), b)


def callback(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x).sum()


a, b = jnp.ones((64, 64)), jnp.ones((64, 2))
hlo = target.compile(solve, a, b).as_text()
print("solve:")
for line in hlo.splitlines():
    if " custom-call(" in line:
        called = re.search(r'custom_call_target="([^"]+)"', line)[1]
        api = re.search(r"api_version=(\w+)", line)
        op_name = re.search(r'op_name="([^"]+)"', line)
        print(f"    custom_call_target={called}  api_version={api[1] if api else '-'}"
              f"  from: {op_name[1] if op_name else '(no op_name)'}")
library = re.findall(r"^\s+(?:ROOT )?%(\S+) = .* fusion\(.*kind=kCustom.*?\"kind\":\"(\w+)\"", hlo, re.MULTILINE)
print("    kCustom fusions and their kind:", library or "none")
if target.name() != "cpu":  # what the triangular solves became, by the op_name each instruction keeps
    entry = hlo[hlo.index("\nENTRY "):].split("\n}")[0]  # the instructions the program runs, not those inside fusions
    made = collections.Counter(re.findall(r"= .*? ([a-z][\w-]*)\(.*op_name=\"[^\"]*/triangular_solve\"", entry))
    print("    instructions from triangular_solve:", ", ".join(f"{op} {n}" for op, n in sorted(made.items())))
if target.name() == "h100":  # the product before autotuning picks; without Triton GEMM fusions it goes to cuBLAS
    hlo = target.compile(solve, a, b, compiler_options={"xla_gpu_enable_triton_gemm": False}).as_text()
    print("    with xla_gpu_enable_triton_gemm=False, the product:",
          *[t for t in re.findall(r'custom_call_target="([^"]+)"', hlo) if "matmul" in t or "gemm" in t.lower()])
try:
    hlo = target.compile(callback, b).as_text()
    sent = [op for op in ("custom-call", "send", "recv") if re.search(rf" {op}\(", hlo)]
    calls = re.findall(r'custom_call_target="([^"]+)"', hlo)
    print("pure_callback: compiled; it is", ", ".join(sent), *calls)
except RuntimeError as error:  # JAX asks for the platform's backend to lower a Python callback
    print("pure_callback: not compiled:", type(error).__name__ + ":", str(error).splitlines()[0])
