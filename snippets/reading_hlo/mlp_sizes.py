"""The optimized MLP at the chapter's sizes and 512 wide: the fusions ENTRY runs, and what each holds."""

import re

import jax

import target
from mlp import example_batch, init_params, mlp

INSTRUCTION = r"\s*(?:ROOT )?(%\S+) = (\S+) ([\w-]+)\("

# (batch, features, hidden, outputs): the shared MLP's own sizes, then 512 everywhere.
for batch, features, hidden, outputs in [(8, 16, 32, 4), (512, 512, 512, 512)]:
    params = jax.eval_shape(lambda: init_params(features=features, hidden=hidden, outputs=outputs))
    x, _ = jax.eval_shape(lambda: example_batch(batch=batch, features=features, outputs=outputs))
    text = target.compile(mlp, params, x).as_text()
    # The opcodes of each computation, by the computation's name.
    opcodes, name = {}, None
    for line in text.splitlines():
        if header := re.match(r"(?:ENTRY )?(%\S+) \(", line):
            name = header.group(1)
        elif found := re.match(INSTRUCTION, line):
            opcodes.setdefault(name, []).append(found.group(3))
    print(f"batch {batch}, {features} -> {hidden} -> {outputs}:")
    for line in text[text.index("ENTRY") :].splitlines():
        found = re.match(INSTRUCTION, line)
        if found and found.group(3) == "fusion":
            kind = re.search(r"kind=(\w+)", line).group(1)
            inside = sorted(set(opcodes[re.search(r"calls=(%[\w.]+)", line).group(1)]) - {"parameter"})
            print(f"  {found.group(1):26} {found.group(2):18} {kind:8} {' '.join(inside)}")
