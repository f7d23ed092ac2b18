import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"  # 8 CPU devices

import math  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

# --8<-- [start:your-function]
mesh = jax.make_mesh((8,), ("data",))
replicated, split = NamedSharding(mesh, P()), NamedSharding(mesh, P("data"))


def loss(w, x, y):  # the mean over the examples it is given
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


def step(w, x, y):  # the whole batch: the partitioner splits it
    value, g = jax.value_and_grad(loss)(w, x, y)
    return w - 0.1 * g, value


def step_per_device(w, x, y):  # one device's 32 examples; pmean makes the loss the mean of all 256
    value, g = jax.value_and_grad(lambda w: jax.lax.pmean(loss(w, x, y), "data"))(w)
    return w - 0.1 * g, value


def step_pmean_grad(w, x, y):  # as pmap code has it: each device's gradient, then pmean
    value, g = jax.value_and_grad(loss)(w, x, y)
    g, value = jax.lax.pmean((g, value), "data")
    return w - 0.1 * g, value


w, x, y = jax.device_put((jnp.full((64, 16), 0.01), jnp.linspace(-1, 1, 256 * 64).reshape(256, 64),
                          jnp.ones((256, 16))), (replicated, split, split))
specs = dict(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
steps = [  # (label, a jitted or pmapped step, its arguments); the first one is the reference
    ("jit", jax.jit(step, in_shardings=(replicated, split, split), out_shardings=(replicated, replicated)),
     (w, x, y)),
    ("shard_map", jax.jit(jax.shard_map(step_per_device, **specs)), (w, x, y)),
    ("shard_map, pmean of grad", jax.jit(jax.shard_map(step_pmean_grad, **specs)), (w, x, y)),
    ("pmap, pmean of grad", jax.pmap(step_pmean_grad, "data", in_axes=(None, 0, 0), out_axes=None),
     (w, x.reshape(8, 32, 64), y.reshape(8, 32, 16))),
]
# --8<-- [end:your-function]

# Everything below works for any list of jitted, shard_mapped or pmapped steps.
BYTES = {"pred": 1, "s8": 1, "u8": 1, "s16": 2, "u16": 2, "f16": 2, "bf16": 2, "s32": 4, "u32": 4,
         "f32": 4, "s64": 8, "u64": 8, "f64": 8, "c64": 8, "c128": 16}
COLLECTIVE = re.compile(r"(psum|pmax|pmin|ppermute|pbroadcast|all_gather|all_to_all|ragged_all_to_all"
                        r"|reduce_scatter|psend|precv|unreduced_\w+)\w*$")
KINDS = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def jaxpr_collectives(jaxpr):
    """The name, mesh axes and operands of each collective equation, inner jaxprs included;
    pvary, which marks a value as varying and moves no data, too."""
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if COLLECTIVE.match(name) or name == "pvary":
            axes = eqn.params.get("axes", eqn.params.get("axis_name", ()))
            axes = axes if isinstance(axes, tuple) else (axes,)
            yield name, f"{name}[{','.join(map(str, axes))}] " + " ".join(v.aval.str_short() for v in eqn.invars)
        for param in eqn.params.values():
            inner = getattr(param, "jaxpr", param)  # a ClosedJaxpr holds a Jaxpr
            if hasattr(inner, "eqns"):
                yield from jaxpr_collectives(inner)


def nbytes(shape):
    """Bytes of every array in an HLO shape (a tuple's too), on one device."""
    return sum(BYTES[t] * math.prod(int(d) for d in dims.split(",") if d)
               for t, dims in re.findall(r"\b([a-z]+\d*)\[([\d,]*)\]", shape))


def bare(shape):
    """An HLO shape without its layouts."""
    return re.sub(r"\{[\d,]*\}", "", shape)


reference = None
for label, stepper, args in steps:
    print(f"== {label}")
    print("  global:    ", ", ".join(jax.typeof(a).str_short() for a in jax.tree.leaves(args)))
    listed = list(jaxpr_collectives(jax.make_jaxpr(stepper)(*args).jaxpr))
    moving = [text for name, text in listed if name != "pvary"]
    pvarys = sum(name == "pvary" for name, _ in listed)
    print("  jaxpr:     ", "; ".join(moving) if moving else "no collective",
          *[f"(and {pvarys} pvary, which moves no data)"] if pvarys else [])
    hlo = stepper.lower(*args).compile().as_text()
    layout = re.search(r"entry_computation_layout=\{\((.*?)\)->(\(.*?\)|\S+?)\}, ", hlo)
    print("  per device:", bare(layout[1]).replace(",f", ", f"), "->", bare(layout[2]).replace(",f", ", f"))
    shapes = dict(re.findall(r"^\s*(?:ROOT )?%(\S+) = (\(.*?\)|\S+) ", hlo, re.MULTILINE))
    found = 0
    for line in hlo.splitlines():
        match = re.match(r"\s*(?:ROOT )?%\S+ = (\(.*?\)|\S+) (" + "|".join(KINDS) + r")\((.*?)\)", line)
        if match:
            shape, kind, operands = match.groups()
            operand_bytes = sum(nbytes(shapes[o.strip().lstrip("%")]) for o in re.sub(r"/\*.*?\*/", "", operands).split(","))
            groups = re.search(r"(?:replica_groups|source_target_pairs)=(.*?)(?:, [a-z_]+=|$)", line)[1]
            author = "the partitioner" if 'is_spmd_generated="true"' in line else "your code"
            origin = re.search(r'op_name="(?:jit\([^)]*\)/)?(.*?)"', line)  # the JAX operations it stands for
            origin = origin[1].replace(":", " + ") if origin else "?"
            print(f"  {kind} {bare(shape)}: {operand_bytes:,} bytes in, groups {groups}")
            print(f"      by {author}, for {origin}")
            found += 1
    print(f"  collectives in the optimized HLO: {found}")
    result = [np.asarray(leaf) for leaf in jax.tree.leaves(stepper(*args))]
    if reference is None:
        reference = result
        continue
    floats = [a.dtype for a in result + reference if jnp.issubdtype(a.dtype, jnp.inexact)]
    rtol = max([1e-4] + [8 * float(jnp.finfo(t).eps) for t in floats])  # 1e-4, or looser for 16-bit floats
    same = len(result) == len(reference) and all(
        a.shape == b.shape and np.allclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=1e-6)
        for a, b in zip(result, reference))
    print(f"  same result as {steps[0][0]} (to {rtol:.0e}): {'yes' if same else 'no'}")
