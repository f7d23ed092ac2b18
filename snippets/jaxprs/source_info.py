import os

import jax

from mlp import example_batch, init_params, loss

params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

closed = jax.make_jaxpr(loss)(params, x, y)
print(closed.pretty_print(source_info=True))

# One location per equation: the innermost frame outside JAX. The whole chain of
# calls is in the equation's traceback; keep the frames of this folder's files.
here = os.path.dirname(os.path.abspath(__file__))
relu = next(eqn for eqn in closed.jaxpr.eqns if eqn.primitive.name == "max")
frames = relu.source_info.traceback.frames
ours = [frame for frame in frames if os.path.abspath(frame.file_name).startswith(here)]
print(f"the max equation's traceback: {len(frames)} frames, {len(ours)} in this folder:")
for frame in ours:
    print(f"  {os.path.basename(frame.file_name)}:{frame.line_num} in {frame.function_name}")
