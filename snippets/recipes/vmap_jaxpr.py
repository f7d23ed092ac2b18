import difflib
import re

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def f(x, w, b):
    h = jnp.tanh(x @ w)
    return h.sum(axis=0) + w[0] + b


args = (jnp.ones((4, 3)), jnp.ones((3, 2)), jnp.ones(2))  # one example, unbatched
in_axes = (0, 2, None)  # where each argument gets its batch axis; None: shared by the batch
batch = 5
# --8<-- [end:your-function]

# Everything below works for any function.
batched_args = [a if ax is None else jax.tree.map(lambda leaf: jnp.stack([leaf] * batch, axis=ax), a)
                for a, ax in zip(args, in_axes)]  # an argument may be a dict or tuple of arrays


def equations(closed):
    """One line per top-level equation, and the primitive of each."""
    text = closed.pretty_print(use_color=False)
    header, body = text.split(". let\n", 1)
    body = body.rsplit("\n  in ", 1)[0]
    lines = [" ".join(chunk.split()) for chunk in re.split(r"\n(?=    \w+:)", body)]
    return header.split(";")[-1].strip(), lines, [e.primitive.name for e in closed.jaxpr.eqns]


plain = jax.make_jaxpr(f)(*args)
batched = jax.make_jaxpr(jax.vmap(f, in_axes=in_axes))(*batched_args)
before, after = equations(plain), equations(batched)
print(f"inputs: {before[0]}  ->  batched, in_axes={in_axes}: {after[0]}")
print(f"outputs: {[a.str_short() for a in plain.out_avals]}  ->  {[a.str_short() for a in batched.out_avals]}")
matcher = difflib.SequenceMatcher(a=before[2], b=after[2], autojunk=False)
for tag, i1, i2, j1, j2 in matcher.get_opcodes():
    if tag == "equal":  # the same primitive, one for one: the batched equation, then yours
        for k in range(i2 - i1):
            print("      " + after[1][j1 + k])
            print(" was    " + before[1][i1 + k])
    else:  # equations vmap added, and yours it replaced with other primitives
        print("".join(f"new   {line}\n" for line in after[1][j1:j2]) + "".join(f"gone   {line}\n" for line in before[1][i1:i2]), end="")
print("batch dimensions of each dot_general (lhs, rhs):",
      [str(e.params["dimension_numbers"][1]) for e in batched.jaxpr.eqns if e.primitive.name == "dot_general"])
print("equations only the batched jaxpr has:", sorted(set(after[2]) - set(before[2])) or "none",
      "; counts", len(before[2]), "->", len(after[2]))
