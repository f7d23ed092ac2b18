import re

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
class Model:
    def __init__(self, w, scale):
        self.w = w  # an array
        self.scale = scale  # a setting

    def apply(self, x):  # the method to jit
        return jnp.tanh(x @ self.w) * self.scale

    # For jax.jit(Model.apply, static_argnums=0): equal models share a compiled program.
    def __hash__(self):
        return hash((id(self.w), self.scale))

    def __eq__(self, other):
        return type(other) is Model and self.w is other.w and self.scale == other.scale


# For jax.jit(Model.apply): self as a pytree, w a leaf (traced), scale static.
jax.tree_util.register_pytree_node(
    Model, lambda m: ((m.w,), m.scale), lambda scale, leaves: Model(*leaves, scale))

method, w, x = Model.apply, jnp.arange(6.0).reshape(3, 2) / 10, jnp.ones((1, 3))
model = Model(w, 2.0)


def assigned(obj, **fields):  # the same object, with fields assigned in place
    for name, value in fields.items():
        setattr(obj, name, value)
    return obj


calls = [  # (label, a function that gives self for the call), in order; args = (x,) each time
    ("first call", lambda: model),
    ("same object again", lambda: model),
    ("new object, same fields", lambda: Model(w, 2.0)),
    ("new object, new w values", lambda: Model(w * 3, 2.0)),
    ("new object, new scale", lambda: Model(w, 0.5)),
    ("model.w = w + 1, in place", lambda: assigned(model, w=w + 1)),
]
args = (x,)
# --8<-- [end:your-function]

# Everything below works for any method(self, *args) of a class registered as a pytree,
# and any calls.


def static_form(counted):  # self is a static argument: hashed, and compared with ==
    jitted = jax.jit(counted, static_argnums=0)
    return jitted, [jitted]


def pytree_form(counted):  # self is a pytree: its leaves are traced, its static data hashed
    jitted = jax.jit(counted)
    return jitted, [jitted]


def closed_over_form(counted):  # a jax.jit of the bound method, made once per object
    made, jitted = {}, []

    def call(self, *args):
        if id(self) not in made:
            made[id(self)] = (self, jax.jit(lambda *args: counted(self, *args)))  # keeps self alive
            jitted.append(made[id(self)][1])
        return made[id(self)][1](*args)
    return call, jitted


forms = [
    ("self static: jax.jit(method, static_argnums=0)", static_form,
     lambda self: jax.jit(method, static_argnums=0).trace(self, *args)),
    ("self a pytree: jax.jit(method)", pytree_form, lambda self: jax.jit(method).trace(self, *args)),
    ("self closed over: jax.jit(obj.method), one per object", closed_over_form,
     lambda self: jax.jit(lambda *args: method(self, *args)).trace(*args)),
]
first = calls[0][1]()
before = dict(vars(first))  # to undo in-place changes before each form


def variables(header, part):
    """The jaxpr's constants (before the ';') or inputs (after it), as it prints them."""
    names = header.split(";", 1)[part].split()
    return " ".join(names) or "none"


for label, make, trace in forms:
    print(f"== {label}")
    vars(first).update(before)
    traced = trace(first)
    text = str(traced.jaxpr)
    print("  " + text.replace("\n", "\n  "))
    main = next(line for line in text.splitlines() if line.startswith("{ lambda"))  # not a `let` of a sub-jaxpr
    header = main.split("lambda", 1)[1].split(". let", 1)[0]
    print(f"  jaxpr constants (baked in): {variables(header, 0)}")
    print(f"  jaxpr inputs:               {variables(header, 1)}")
    hlo = traced.lower().as_text(dialect="hlo")
    for line in hlo[hlo.index("\nENTRY"):].splitlines():  # the ENTRY's parameters, and its array constants
        if "parameter(" in line or re.search(r"= \w+\[\d[\d,]*\]\S* constant\(", line):
            print("  HLO: " + line.strip())

    vars(first).update(before)
    traces = [0]

    def counted(self, *args):  # the method, counting how many times jit traces it
        traces[0] += 1
        return method(self, *args)

    call, jitted = make(counted)
    print("  calls:")
    seen = []
    for what, give in calls:
        self = give()
        number = next((i for i, obj in enumerate(seen) if obj is self), None)
        if number is None:
            seen.append(self)
            number = len(seen) - 1
        count = traces[0]
        result = jax.block_until_ready(call(self, *args))
        expected = method(self, *args)  # what the method gives now, without jit
        right = all(jnp.array_equal(a, b) for a, b in zip(jax.tree.leaves(result), jax.tree.leaves(expected)))
        print(f"    {what:28} object {number + 1}  {'TRACED' if traces[0] > count else 'cached':6}  "
              f"{'ok' if right else 'STALE: not what the method gives now'}")
    print(f"  traces: {traces[0]}; _cache_size() of each jitted function: {[j._cache_size() for j in jitted]}")
