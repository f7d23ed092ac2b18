import jax

from mlp import example_batch, init_params, loss

# Tracing needs only shapes and dtypes: eval_shape traces the two functions and returns those, not arrays.
params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)

closed = jax.make_jaxpr(loss)(params, x, y)
# The header reads "{ lambda CONSTVARS; INVARS. let": take the binders after ';'.
header = str(closed).splitlines()[0]
binders = header.split(";")[1].removesuffix(". let").split()

paths = [jax.tree_util.keystr(p) for p, _ in
         jax.tree_util.tree_flatten_with_path((params, x, y))[0]]
for binder, path in zip(binders, paths, strict=True):
    print(f"{binder:12} <- args{path}")
