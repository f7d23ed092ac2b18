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
