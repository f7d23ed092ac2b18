import re
from collections import Counter

import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


def compare(label, block, loss_of, *args, counts=True):  # opcode counts and temp bytes, without and with jax.checkpoint
    seen = []
    for blk in (block, jax.checkpoint(block)):
        compiled = target.compile(jax.grad(loss_of(blk)), *args)
        seen.append((Counter(re.findall(r"= \S+ ([a-z][\w-]*)\(", compiled.as_text())),
                     compiled.memory_analysis().temp_size_in_bytes))
    (a, temp_a), (b, temp_b) = seen
    moved = {op: (a[op], b[op]) for op in sorted(a | b) if a[op] != b[op] and op != "parameter"}
    products = {op: (a[op], b[op]) for op in ("dot", "convolution")}
    print(label, *[f"counts that differ: {moved}"] * counts, f"products: {products}; temp bytes: {temp_a:,} -> {temp_b:,}", sep="\n    ")


twice = lambda blk: lambda w, x: jnp.sum(blk(w, blk(w, x)) ** 2)  # the page's loss
w = jnp.ones((128, 128)) / 128
compare("linear block x @ w, x f32[32,128]", lambda w, x: x @ w, twice, w, jnp.ones((32, 128)))
compare("the page's block, x f32[128] (a matrix-vector product)", lambda w, x: jnp.sin(jnp.tanh(x @ w)), twice, w, jnp.ones(128))
chain = lambda w, x: jnp.sin(jnp.cos(jnp.tanh(x * w)) * w)  # elementwise, in a scan of 16 steps
in_scan = lambda blk: lambda w, x: jnp.sum(jax.lax.scan(lambda c, _: (blk(w, c), None), x, None, length=16)[0])
compare("elementwise chain in a scan of 16 steps, f32[1048576]", chain, in_scan, jnp.ones(1 << 20), jnp.ones(1 << 20), counts=False)
