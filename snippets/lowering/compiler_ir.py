import jax

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
lowered = jax.jit(mlp).lower(params, x)

# compiler_ir returns objects rather than text
module = lowered.compiler_ir("stablehlo")
computation = lowered.compiler_ir("hlo")
print('compiler_ir("stablehlo"):', type(module).__name__)
print('compiler_ir("hlo"):      ', type(computation).__name__)
print("default dialect:", type(lowered.compiler_ir()).__name__)

# their text is what as_text prints
print("as_hlo_text() == as_text(dialect='hlo'):", computation.as_hlo_text() == lowered.as_text(dialect="hlo"))
print("as_text('hlo') == as_text(dialect='hlo'):", lowered.as_text("hlo") == lowered.as_text(dialect="hlo"))

# the MLIR module can be walked op by op
ops = [op.name for op in module.body.operations[0].regions[0].blocks[0].operations]
print("ops in @main:", ops)
