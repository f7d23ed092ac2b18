import math
import re

import jax
import jax.numpy as jnp
from jax import lax
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
x, w = jnp.ones((64, 32, 48)), jnp.ones((48, 96))
a, b = jnp.ones((16, 32, 24)), jnp.ones((16, 24, 40))  # a batch of 16 products, batch first
a_last, b_last = jnp.ones((32, 24, 16)), jnp.ones((24, 40, 16))  # the same, batch last

forms = [  # (label, function, arguments)
    ("x @ w", lambda x, w: x @ w, (x, w)),
    ("einsum bsd,de->bse", lambda x, w: jnp.einsum("bsd,de->bse", x, w), (x, w)),
    ("dot_general(w, x)", lambda x, w: jnp.transpose(lax.dot_general(w, x, (((0,), (2,)), ((), ()))), (1, 2, 0)),
     (x, w)),
    ("batch first: a @ b", lambda a, b: a @ b, (a, b)),
    ("batch last: einsum mkb,knb->mnb", lambda a, b: jnp.einsum("mkb,knb->mnb", a, b), (a_last, b_last)),
]
# --8<-- [end:your-function]

# Everything below works for any function of arrays.
SKIP = {"parameter", "bitcast", "tuple", "get-tuple-element", "constant"}  # move no data


def equations(jaxpr):
    """Every equation, with those of inner jaxprs in place of the equation that holds them."""
    for eqn in jaxpr.eqns:
        inner = [getattr(p, "jaxpr", p) for p in eqn.params.values() if hasattr(getattr(p, "jaxpr", p), "eqns")]
        if inner and eqn.primitive.name in ("jit", "pjit", "closed_call", "custom_jvp_call", "custom_vjp_call"):
            yield from equations(inner[0])
        else:
            yield eqn


def short(var):
    return var.aval.str_short(short_dtypes=True)


def hlo_ops(text, name):
    """The instructions of computation `name` that do something: (name, opcode, shape, attributes)."""
    body = re.search(r"^(?:ENTRY )?%" + re.escape(name) + r" .*?\{\n(.*?)\n\}", text, re.M | re.S)[1]
    for line in body.splitlines():
        found = re.match(r"\s*(?:ROOT )?%(\S+) = (\S+) ([\w-]+)\((.*?)\)(.*)", line)
        if found and found[3] not in SKIP:
            yield found[1], found[3], re.sub(r"\{[\d,]*\}", "", found[2]), found[5]


def described(opcode, attributes):
    """An instruction's opcode with the attributes that say how it moves or contracts data."""
    keep = re.findall(r"((?:lhs|rhs)_(?:batch|contracting)_dims=\{[\d,]*\}|dimensions=\{[\d,]*\})", attributes)
    return " ".join([opcode] + keep)


for label, function, args in forms:
    print(f"== {label}")
    jaxpr = jax.make_jaxpr(function)(*args)
    for eqn in equations(jaxpr.jaxpr):
        ins = ", ".join(short(v) for v in eqn.invars if hasattr(v.aval, "shape"))
        if eqn.primitive.name == "dot_general":
            (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
            numbers = f"contracting {tuple(lc)} x {tuple(rc)}, batch {tuple(lb)} x {tuple(rb)}"
            out = eqn.outvars[0].aval
            flops = 2 * math.prod(out.shape) * math.prod(eqn.invars[0].aval.shape[d] for d in lc)  # a multiply and an add
            print(f"  jaxpr: dot_general {ins}: {numbers} -> {short(eqn.outvars[0])}, {flops:,} flops")
        else:
            params = "".join(f" {k}={v}" for k, v in eqn.params.items() if k in ("permutation", "new_sizes", "dimensions"))
            print(f"  jaxpr: {eqn.primitive.name}{params} {ins} -> {short(eqn.outvars[0])}")
    compiled = target.compile(function, *args)
    text = compiled.as_text()
    entry = re.search(r"^ENTRY %(\S+) ", text, re.M)[1]
    for name, opcode, shape, attributes in hlo_ops(text, entry):
        if opcode == "fusion":
            kind = re.search(r"kind=(\w+)", attributes)[1]
            custom = re.search(r'"kind":"(\w+)"', attributes)
            inside = [described(o, a) for _, o, _, a in hlo_ops(text, re.search(r"calls=%([\w.-]+)", attributes)[1])]
            print(f"  HLO:   {name} ({kind}{' ' + custom[1] if custom else ''}) -> {shape}: {', '.join(inside)}")
        else:
            print(f"  HLO:   {name} -> {shape}: {described(opcode, attributes)}")
    cost = compiled.cost_analysis()
    if cost is None:  # no cost model for this target (a GPU compiled without the GPU)
        print("  cost:  cost_analysis() is None")
        continue
    print(f"  cost:  flops {cost.get('flops', 0):,.0f}, bytes accessed {cost.get('bytes accessed', 0):,.0f}")
