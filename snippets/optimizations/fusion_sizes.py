import jax
import jax.numpy as jnp
import numpy as np

from examples import X, elementwise, row_sum_exp, softmax
from hlo_stats import instructions
from mlp import example_batch, init_params, mlp


def matmul_tanh_sum(a, b):
    """A product with elementwise work and a reduction after it."""
    return jnp.tanh(a @ b + 1.0).sum()


def square(n):
    return np.ones((n, n), np.float32)


def mlp_args(n):
    """The shared MLP with every dimension n (n=None: the page's 8x16 -> 32 -> 4)."""
    if n is None:
        return init_params(), example_batch()[0]
    return init_params(features=n, hidden=n, outputs=n), example_batch(batch=n, features=n, outputs=n)[0]


def entry_fusions(f, *args, disabled=""):
    """The fusions that ENTRY runs, as name:kind; a kCustom one with the opcodes in its body."""
    text = jax.jit(f).lower(*args).compile({"xla_disable_hlo_passes": disabled}).as_text()
    body = {}  # computation name -> opcodes, parameters and constants left out
    for computation, _, opcode, _ in instructions(text):
        if opcode not in ("parameter", "constant"):
            body.setdefault(computation, []).append(opcode)
    shown = []
    for computation, name, opcode, line in instructions(text):
        if computation.startswith("ENTRY") and opcode == "fusion":
            kind = line.split("kind=")[1].split(",")[0]
            called = line.split("calls=%")[1].split(",")[0]
            shown.append(f"{name}:{kind}" + (f"({','.join(body[called])})" if kind == "kCustom" else ""))
    return shown


cases = [("elementwise", elementwise, [(X,), (square(48),), (square(64),), (square(512),)]),
         ("row_sum_exp", row_sum_exp, [(X,), (square(48),), (square(64),), (square(512),)]),
         ("softmax", softmax, [(X,), (square(48),), (square(64),), (square(512),)]),
         ("mlp", mlp, [mlp_args(None), mlp_args(512)]),
         ("matmul_tanh_sum", matmul_tanh_sum, [(square(32),) * 2, (square(64),) * 2, (square(512),) * 2])]
for label, f, arg_lists in cases:
    for args in arg_lists:
        shape = "x".join(map(str, args[-1].shape))
        print(f"{label:<16} {shape:<8} {' '.join(entry_fusions(f, *args))}")

# The control for row_sum_exp at 48x48: which pass split the reduction?
print("control: row_sum_exp 48x48 with tree_reduction_rewriter disabled:",
      " ".join(entry_fusions(row_sum_exp, square(48), disabled="tree_reduction_rewriter")))
