import re

import jax
import jax.numpy as jnp

import target

for size in (256, 1024):
    a = jax.ShapeDtypeStruct((size, size), jnp.float32)
    for precision in ("default", "high", "highest"):
        compiled = target.compile(lambda x, y: jnp.dot(x, y, precision=precision), a, a)
        text = compiled.as_text()
        cycles = re.findall(r'"estimated_cycles":"(\d+)"', text)
        attribute = re.findall(r"operand_precision=\{[^}]*\}", text)
        print(f"{size} {precision:8} estimated_cycles {cycles or '-'} {attribute[0] if attribute else '(no attribute)'}")


def mlp(x, w1, w2, precision):
    return jnp.dot(jnp.tanh(jnp.dot(x, w1, precision=precision)), w2, precision=precision)


shapes = [jax.ShapeDtypeStruct(shape, jnp.float32) for shape in ((8, 16), (16, 32), (32, 4))]
for precision in ("default", "highest"):
    compiled = target.compile(lambda x, w1, w2: mlp(x, w1, w2, precision), *shapes)
    converts = re.findall(r"= (\w+\[[\d,]*\])\S* convert\(", compiled.as_text())
    costs = compiled.cost_analysis()
    flops = f"{costs['flops']:.0f}" if costs else "None"
    print(f"two-layer MLP, {precision}: converts to {converts or 'nothing'}, cost_analysis flops {flops}")
