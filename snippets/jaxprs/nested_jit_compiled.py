import re

import jax

from mlp import example_batch, init_params, mlp

params = init_params()
x, y = example_batch()

fast_mlp = jax.jit(mlp)


def loss_with_inner_jit(params, x, y):
    err = fast_mlp(params, x) - y
    return (err * err).sum()


lowered = jax.jit(loss_with_inner_jit).lower(params, x, y)

# StableHLO: the inner jit is a private function of the same module, and main calls it.
stablehlo = lowered.as_text()
print("StableHLO functions:", re.findall(r"func\.func (\w+ @\w+)", stablehlo))
print("StableHLO calls:", re.findall(r"= call (@\w+)", stablehlo))

# HLO before any pass: still a call. After XLA's passes: no call left.
print("call instructions before the passes:", len(re.findall(r" call\(", lowered.as_text(dialect="hlo"))))
optimized = lowered.compile().as_text()
print("call instructions after the passes: ", len(re.findall(r" call\(", optimized)))

# Which jaxpr equations ended up in the fusion that produces the result.
root = re.search(r"ROOT \S+ = \S+ fusion\(.*calls=(%[\w.]+)", optimized)[1]
body = optimized.split(root + " ")[1].split("\n}\n")[0]
print("equations in the result's fusion:", sorted(set(re.findall(r'op_name="([^"]+)"', body))))

# With inline=True the jaxpr still holds a jit equation, but lowering inlines its body.
inline_mlp = jax.jit(mlp, inline=True)


def loss_with_inline_jit(params, x, y):
    err = inline_mlp(params, x) - y
    return (err * err).sum()


eqns = jax.make_jaxpr(loss_with_inline_jit)(params, x, y).eqns
stablehlo = jax.jit(loss_with_inline_jit).lower(params, x, y).as_text()
print("inline=True: jit equations:", sum(e.primitive.name == "jit" for e in eqns),
      "| StableHLO functions:", re.findall(r"func\.func (\w+ @\w+)", stablehlo),
      "| calls:", re.findall(r"= call (@\w+)", stablehlo))
