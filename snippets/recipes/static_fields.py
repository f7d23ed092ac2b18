import dataclasses
import inspect
import logging
import re

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array  # a data field: a leaf, traced
    b: jax.Array
    # static (meta) fields; jax.tree.static() is the same mark, written shorter
    activation: str = dataclasses.field(metadata=dict(static=True))
    scales: tuple = dataclasses.field(metadata=dict(static=True))


def f(params, x):
    act = {"tanh": jnp.tanh, "relu": jax.nn.relu}[params.activation]
    for s in params.scales:  # one layer per scale: the loop unrolls while tracing
        x = act(x @ params.w + params.b) * s
    return x.sum()


params = Params(w=jnp.ones((4, 4)), b=jnp.zeros(4), activation="tanh", scales=(1.0, 0.5))
args = (params, jnp.ones((2, 4)))  # f(*args)
# The calls to make, in order, each changing one field: (label, arguments).
new = dataclasses.replace
calls = [
    ("as above", args),
    ("w: new values", (new(params, w=params.w * 2), args[1])),
    ("scales: three of them", (new(params, scales=(1.0, 0.5, 0.25)), args[1])),
    ("scales: the same three, anew", (new(params, scales=(1.0, 0.5, 0.25)), args[1])),
    ("scales: a list", (new(params, scales=[1.0, 0.5]), args[1])),
    ("scales: a jax array", (new(params, scales=jnp.array([1.0, 0.5])), args[1])),
]
# --8<-- [end:your-function]

# Everything below works for any function `f` of positional arguments `args` that hold
# registered pytrees (register_dataclass, register_pytree_node, ...).
print("tree definition (the static values sit in it):")
print("  ", jax.tree.structure(args))

traced = jax.jit(f).trace(*args)
print("\njaxpr:")
print(traced.jaxpr)

# The jaxpr's input variables as it prints them ("a:f32[4,4]"), one per leaf, in order.
invars = str(traced.jaxpr).split(". let", 1)[0].split(";", 1)[1].split()
# The HLO's ENTRY parameters: number -> its line; JAX names each one by its leaf's path.
hlo = traced.lower().as_text(dialect="hlo", debug_info=True)
entry = hlo[hlo.index("\nENTRY"):]
entry = entry[:entry.index("\n}")]
parameters = {}
for line in entry.splitlines():
    if match := re.search(r"parameter\((\d+)\).*op_name=\"((?:[^\"\\]|\\.)*)\"", line):
        name = re.sub(r"\\(.)", r"\1", match[2])  # the HLO text escapes quotes
        parameters[name] = (int(match[1]), line.strip())

# Each leaf's path, starting from the name of the argument of f that holds it.
arg_names = list(inspect.signature(f).parameters)
leaves = jax.tree_util.tree_flatten_with_path(args)[0]
paths = [arg_names[path[0].idx] + jax.tree_util.keystr(path[1:]) for path, _ in leaves]
jax_names = getattr(traced.jaxpr.jaxpr.debug_info, "arg_names", None) or paths  # JAX's own
print(f"\n{len(leaves)} leaves -> jaxpr invars -> HLO ENTRY parameters:")
for path, invar, name in zip(paths, invars, jax_names):
    _, line = parameters.get(name, (None, "none: unused, so jit dropped it (keep_unused=False)"))
    print(f"  {path:26} {invar:14} {line}")

jax.config.update("jax_explain_cache_misses", True)  # log why each trace-cache miss happened


class Keep(logging.Handler):
    """Collect JAX's log messages instead of printing them to stderr."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


keep = Keep()
logging.getLogger("jax").addHandler(keep)
jitted = jax.jit(f)
jax.clear_caches()  # the calls start from nothing, as in a fresh process
print("\ncalls:")
for label, call_args in calls:
    keep.messages.clear()
    try:
        with jax.log_compiles():
            jax.block_until_ready(jitted(*call_args))
        outcome = "COMPILED" if any(m.startswith("Compiling ") for m in keep.messages) else "from the cache"
    except Exception as error:  # what jit raises for this call, and what raised it first
        outcome = f"{type(error).__name__}: {error}"
        if error.__cause__ is not None:
            outcome += f"\n      from {type(error.__cause__).__name__}: {error.__cause__}"
    print(f"  {label:30} {outcome}")
    for message in keep.messages:
        if message.startswith("TRACING CACHE MISS"):  # JAX's reason; lines naming files left out
            for reason in message.splitlines()[1:]:
                if reason.strip() and " defined at " not in reason and "previously seen" not in reason:
                    print("      " + reason.strip())
