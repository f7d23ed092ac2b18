import linecache
import re

import jax

from hlo_tables import call_chain, parse_tables
from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
hlo = jax.jit(mlp).lower(params, x).compile().as_text()

tables = parse_tables(hlo)
entry = hlo[hlo.index("ENTRY"):]  # only the top-level instructions
for name, op_name, frame_id in re.findall(
    r"%(\S+) = .*?metadata=\{op_name=\"([^\"]+)\" stack_frame_id=(\d+)\}", entry
):
    print(f"{name}  ({op_name}, stack_frame_id={frame_id})")
    for file, line, col, end_col, function in call_chain(tables, int(frame_id)):
        code = linecache.getline(file, line)[col:end_col]
        print(f"    {file}:{line} in {function}: {code}")
