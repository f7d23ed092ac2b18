import jax

from mlp import example_batch, init_params, mlp

# Tracing needs only shapes and dtypes: eval_shape traces the two functions and returns those, not arrays.
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)

# What jit and make_jaxpr see: the arguments (params, x) as one pytree.
leaves, treedef = jax.tree_util.tree_flatten((params, x))
print("structure:", treedef)
for path, leaf in jax.tree_util.tree_flatten_with_path((params, x))[0]:
    print(f"  {jax.tree_util.keystr(path):22} {leaf.dtype}{list(leaf.shape)}")

closed = jax.make_jaxpr(mlp)(params, x)
print("jaxpr header:", str(closed).splitlines()[0])
