import glob
import re
import tempfile

import jax
import jax.numpy as jnp
from jax import lax

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# One row sorted, argsorted and its 3 largest taken, at two lengths and two element types,
# and four rows of 30,000, compiled for the target (for shapes: nothing runs). For each: what
# holds the sort after XLA's passes, its operands and whether it is stable, and the
# custom-calls; or why the compile stopped, the custom-calls of the HLO its passes had
# finished (from a dump folder), and what a second compile without CUB's radix sort makes of it.
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


for rows, dtype in (((1000,), jnp.float32), ((1000,), jnp.bfloat16), ((30_000,), jnp.float32), ((4, 30_000), jnp.float32)):
    for label, f in functions.items():
        shape = jax.ShapeDtypeStruct(rows, dtype)
        with tempfile.TemporaryDirectory() as dump:
            try:
                shown = where_sorted(target.compile(f, shape).as_text())
            except jax.errors.JaxRuntimeError as error:
                try:  # the same compile again, dumping: what the passes had made when it stopped
                    target.compile(f, shape, compiler_options={"xla_dump_to": dump})
                except jax.errors.JaxRuntimeError:
                    pass
                dumped = [open(p).read() for p in sorted(glob.glob(f"{dump}/*after_optimizations.txt"))]
                calls = sorted({c for text in dumped for c in re.findall(r'custom_call_target="([^"]+)"', text)})
                without = target.compile(f, shape, compiler_options={"xla_gpu_enable_cub_radix_sort": False})
                shown = (f"not compiled: {str(error).splitlines()[0]}\n"
                         f"{'':29}after the passes: {', '.join(f'custom-call {c}' for c in calls) or 'no dump'}\n"
                         f"{'':29}xla_gpu_enable_cub_radix_sort=False: {where_sorted(without.as_text())}")
        size = ",".join(str(n) for n in rows)
        print(f"{label:8} {jnp.dtype(dtype).name}[{size}]:".ljust(29) + shown)
