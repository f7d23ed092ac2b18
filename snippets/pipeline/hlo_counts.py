import re
from collections import Counter

import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, mlp
from model import layer

# One HLO instruction per line: "  name = shape opcode(operands), attributes".
INSTRUCTION = re.compile(r"^\s+(?:ROOT )?\S+ = \S+ ([a-z-]+)\((.*)$", re.M)
# With debug_info=True, op_name says which jaxpr equation made an instruction.
MADE_BY = re.compile(r'op_name="jit\(\w+\)/(\w+)"')


def count(f, *args):
    """Equations of f's jaxpr; instructions of its HLO before any pass, by the equation that made them."""
    equations = len(jax.make_jaxpr(f)(*args).jaxpr.eqns)
    hlo = jax.jit(f).lower(*args).as_text(dialect="hlo", debug_info=True)
    made_by = {}
    for opcode, rest in INSTRUCTION.findall(hlo):
        primitive = MADE_BY.search(rest)
        made_by.setdefault(primitive[1] if primitive else "no equation", Counter())[opcode] += 1
    instructions = sum(sum(opcodes.values()) for opcodes in made_by.values())
    print(f"{f.__name__}: {equations} equations -> {instructions} instructions")
    for primitive, opcodes in made_by.items():
        print(f"  from {primitive}:", ", ".join(f"{op} {n}" for op, n in sorted(opcodes.items())))


count(layer, jnp.ones((3, 2)), jnp.zeros(2), jnp.arange(3.0))
params = init_params()
x, _ = example_batch()
count(mlp, params, x)
