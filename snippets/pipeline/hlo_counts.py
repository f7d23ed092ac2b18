import re
from collections import Counter

import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, mlp
from model import layer

# One HLO instruction per line: "  name = shape opcode(operands), attributes".
INSTRUCTION = re.compile(r"^\s+(?:ROOT )?\S+ = \S+ ([a-z-]+)\(", re.M)


def count(f, *args):
    """Equations of f's jaxpr, and instructions of its HLO before any pass, by opcode."""
    equations = len(jax.make_jaxpr(f)(*args).jaxpr.eqns)
    hlo = jax.jit(f).lower(*args).as_text(dialect="hlo")
    opcodes = Counter(INSTRUCTION.findall(hlo))
    parameters = opcodes.pop("parameter")
    print(f"{f.__name__}: {equations} equations -> {sum(opcodes.values()) + parameters} instructions,"
          f" {parameters} of them parameters; the others: {dict(sorted(opcodes.items()))}")


count(layer, jnp.ones((3, 2)), jnp.zeros(2), jnp.arange(3.0))
params = init_params()
x, _ = example_batch()
count(mlp, params, x)
