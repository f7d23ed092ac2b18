import jax

from mlp import example_batch, init_params, mlp

# Keep only the file name: the regex matches the part of each path to drop.
jax.config.update("jax_hlo_source_file_canonicalization_regex", r".*/")

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
lowered = jax.jit(mlp).lower(params, x)

for line in lowered.as_text(debug_info=True).splitlines():
    if '.py":' in line:  # excerpt: the locations that name a file
        print(line)
hlo = lowered.compile().as_text()
print(hlo[hlo.index("FileNames"):hlo.index("FunctionNames")].strip())
