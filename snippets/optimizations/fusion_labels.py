import re
from collections import Counter

import jax
import numpy as np

from examples import softmax
from hlo_stats import instructions
from mlp import example_batch, init_params, loss


def loss_args(n=None):
    """Parameters, inputs and targets for the shared MLP's loss.

    n=None: the page's sizes (8 examples, 16 -> 32 -> 4); otherwise every dimension n.
    """
    if n is None:
        return (init_params(), *example_batch())
    return (init_params(features=n, hidden=n, outputs=n), *example_batch(batch=n, features=n, outputs=n))


def entry_work(*args, **options):
    """The instructions ENTRY runs that compute something (fusions and bare dots).

    One row per instruction: name, fusion kind ("-" for a bare instruction), the
    op_name in its metadata, and the opcodes inside a fusion's body.
    """
    text = jax.jit(loss).lower(*args).compile(options).as_text()
    body, root_label = {}, {}
    for computation, _, opcode, line in instructions(text):
        if opcode not in ("parameter", "constant"):
            body.setdefault(computation, []).append(opcode)
        if line.lstrip().startswith("ROOT"):
            root_label[computation] = label(line)
    rows = []
    for computation, name, opcode, line in instructions(text):
        if computation.startswith("ENTRY") and opcode in ("fusion", "dot", "custom-call"):
            kind = re.search(r"kind=(\w+)", line)
            called = re.search(r"calls=%([\w.\-]+)", line)
            inside = ",".join(body[called.group(1)]) if called else ""
            same_as_root = called is None or root_label[called.group(1)] == label(line)
            rows.append((name, kind.group(1) if kind else "-", label(line), inside, same_as_root))
    return rows


def label(line):
    """The op_name of an instruction's metadata, or "-" if it has none."""
    match = re.search(r'op_name="([^"]*)"', line)
    return match.group(1) if match else "-"


configurations = [
    ("8x16 -> 32 -> 4", loss_args(), {}),
    ("512 everywhere", loss_args(512), {}),
    ("512, dot-library-rewriter disabled", loss_args(512), {"xla_disable_hlo_passes": "dot-library-rewriter"}),
    ("512, xla_cpu_experimental_ynn_fusion_type=''", loss_args(512), {"xla_cpu_experimental_ynn_fusion_type": ""}),
]
every_label_is_the_roots = True
for title, args, options in configurations:
    rows = entry_work(*args, **options)
    fusions = [row for row in rows if row[1] != "-"]
    kinds = Counter(kind for _, kind, _, _, _ in fusions)
    bare = [row for row in rows if row[1] == "-"]
    print(f"{title}: {len(fusions)} fusions ({', '.join(f'{n} {k}' for k, n in kinds.items())})"
          + (f", {len(bare)} dots outside any fusion" if bare else ""))
    for name, kind, op_name, inside, same_as_root in rows:
        print(f"    {name:<26} {kind:<8} {op_name:<22} {inside}".rstrip())
        every_label_is_the_roots &= same_as_root
print("every fusion's op_name is the op_name of its body's ROOT:", every_label_is_the_roots)

# Softmax at 512: a fusion whose op_name is not its ROOT's (the YNNPACK rewrite grew it
# below the instruction it started from).
text = jax.jit(softmax).lower(np.ones((512, 512), np.float32)).compile().as_text()
roots = {computation: line for computation, _, _, line in instructions(text) if line.lstrip().startswith("ROOT")}
for computation, name, opcode, line in instructions(text):
    called = re.search(r"calls=%([\w.\-]+)", line)
    if computation.startswith("ENTRY") and called and label(roots[called.group(1)]) != label(line):
        root_opcode = roots[called.group(1)].split("(")[0].split()[-1]
        print(f"softmax 512x512: {name} is labelled {label(line)}, its ROOT ({root_opcode}) {label(roots[called.group(1)])}")
