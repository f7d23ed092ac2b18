import re

import jax
import jax.numpy as jnp
from jax import lax

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# One row sorted, argsorted and its 3 largest taken, at two lengths and two element types,
# compiled for the target (for shapes: nothing runs). For each: what holds the sort after
# XLA's passes, its operands and whether it is stable, and the custom-calls; or why the
# compile stopped, and what a second compile without CUB's radix sort makes of it.
functions = {"sort": jnp.sort, "argsort": jnp.argsort, "top_k": lambda x: lax.top_k(x, 3)}


def where_sorted(hlo):
    """Each sort: the fusion that holds it (and that fusion's kind) or the computation; operands; stability."""
    kinds = {called: kind for kind, called in re.findall(r"fusion\(.*?kind=(\w+), calls=%?([\w.-]+)", hlo)}
    found = []
    for name, body in re.findall(r"^(?:ENTRY )?%?([\w.-]+) [^\n]*\{\n(.*?)\n\}$", hlo, re.MULTILINE | re.DOTALL):
        for operands, rest in re.findall(r" sort\(([^)]*)\)(.*)", body):
            place = f"a {kinds[name]} fusion" if name in kinds else "ENTRY" if re.search(rf"^ENTRY %?{re.escape(name)} ", hlo, re.M) else name
            found.append(f"sort of {operands.count(',') + 1} in {place}{', stable' if 'is_stable=true' in rest else ''}")
    calls = re.findall(r'custom_call_target="([^"]+)"', hlo)
    return "; ".join(found + [f"custom-call {c}" for c in calls]) or "no sort"


for n, dtype in ((1000, jnp.float32), (1000, jnp.bfloat16), (30_000, jnp.float32)):
    for label, f in functions.items():
        shape = jax.ShapeDtypeStruct((n,), dtype)
        try:
            shown = where_sorted(target.compile(f, shape).as_text())
        except jax.errors.JaxRuntimeError as error:
            without = target.compile(f, shape, compiler_options={"xla_gpu_enable_cub_radix_sort": False})
            shown = (f"not compiled: {str(error).splitlines()[0]}\n"
                     f"{'':29}xla_gpu_enable_cub_radix_sort=False: {where_sorted(without.as_text())}")
        print(f"{label:8} {jnp.dtype(dtype).name}[{n}]:".ljust(29) + shown)
