import re

import jax
import jax.numpy as jnp


@jax.jit
def layer(w, x):
    return jnp.tanh(x @ w)


def plain(w, x):  # no inner jit, no scope
    return jnp.sum(jnp.tanh(x @ w))


def inner_jit(w, x):
    return jnp.sum(layer(w, x))


def scope_inside(w, x):
    with jax.named_scope("dense"):
        return jnp.sum(jnp.tanh(x @ w))


def scope_outside(w, x):  # the scope is opened around the call of jax.grad
    with jax.named_scope("dense"):
        return jax.grad(plain)(w, x)


block = jax.checkpoint(lambda w, x: jnp.tanh(x @ w))


def checkpointed(w, x):
    return jnp.sum(block(w, x))


w, x = jnp.ones((3, 2)), jnp.ones(3)
for name, fn in [("plain", jax.grad(plain)), ("inner_jit", jax.grad(inner_jit)),
                 ("scope_inside", jax.grad(scope_inside)), ("scope_outside", scope_outside),
                 ("checkpointed", jax.grad(checkpointed))]:
    hlo = jax.jit(fn).lower(w, x).compile().as_text()
    # each op_name without its first part, jit(...), and its last, the primitive
    paths = sorted({name.split("/", 1)[1].rsplit("/", 1)[0]
                    for name in re.findall(r'op_name="([^"]+)"', hlo) if name.count("/") >= 2})
    print(f"{name + ':':15}", " | ".join(paths))
