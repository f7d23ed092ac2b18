import re

import jax
import jax.numpy as jnp


def tanh_layer(w, x):
    return jnp.tanh(x @ w)  # keeps for the backward pass: x, and tanh's output


def wide_layer(w, x):
    h = x @ w
    return jnp.tanh(h) * jax.nn.sigmoid(h) + jnp.sin(h)  # more arrays to keep per layer


def values_inside_ynn_fusions(text):
    """How many values the YNNPACK fusions of an optimized module compute besides their results."""
    computations = {block.strip().split(" ", 1)[0]: block.strip() for block in text.split("\n\n")}
    count = 0
    for called in re.findall(r"calls=(%[\w.]+).*__ynn_fusion", text):
        lines = computations[called].splitlines()[1:]
        count += sum(" = " in line and not line.lstrip().startswith("ROOT")
                     and " parameter(" not in line and " constant(" not in line for line in lines)
    return count


def gradient(layer, where, width, batch):
    """The compiled gradient of a 3-layer network; `where` says what is checkpointed."""
    step = jax.checkpoint(layer) if where == "each layer" else layer

    def forward(ws, x):
        for w in ws:
            x = step(w, x)
        return x

    if where == "whole network":
        forward = jax.checkpoint(forward)

    def loss(ws, x):
        return jnp.sum(forward(ws, x))

    ws = [jax.ShapeDtypeStruct((width, width), jnp.float32)] * 3
    x = jax.ShapeDtypeStruct((batch, width), jnp.float32)
    return jax.jit(jax.grad(loss)).lower(ws, x).compile()


hidden = 0
print("layer        x: [batch, width]  checkpointed     temp bytes  tanh in the compiled module")
for layer in (tanh_layer, wide_layer):
    for batch, width in [(64, 64), (1024, 256)]:
        for where in ("nothing", "each layer", "whole network"):
            compiled = gradient(layer, where, width, batch)
            temp = compiled.memory_analysis().temp_size_in_bytes
            shape = f"[{batch}, {width}]"
            print(f"{layer.__name__:<12} {shape:<18} {where:<14} {temp:>12,}  {compiled.as_text().count(' tanh(')}")
            hidden += values_inside_ynn_fusions(compiled.as_text())
print(f"values a YNNPACK fusion computes besides its result, in all 12 programs: {hidden}")
