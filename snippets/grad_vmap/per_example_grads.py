import math

import jax

from mlp import example_batch, init_params, loss

params = init_params()
x, y = example_batch()  # x: [8, 16], y: [8, 4]

batch_grad = jax.grad(loss)  # one gradient for the whole batch
# in_axes: params shared (None), x and y split along axis 0, one example each
per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))


def shapes(tree):
    return {jax.tree_util.keystr(path): leaf.shape for path, leaf in jax.tree_util.tree_leaves_with_path(tree)}


def floats(tree):
    return sum(math.prod(leaf.shape) for leaf in jax.tree.leaves(tree))


for name, fn in [("grad", batch_grad), ("vmap(grad)", per_example)]:
    g = jax.eval_shape(fn, params, x, y)  # shapes only: nothing is computed
    print(f"{name}: {floats(g)} floats in the gradient")
    for path, shape in shapes(g).items():
        print(f"  {path:18} {shape}")
    print(f"  equations in the jaxpr: {len(jax.make_jaxpr(fn)(params, x, y).eqns)}")
