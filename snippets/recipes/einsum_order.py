import math
import re

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
spec = "ij,jk,kl->il"
operands = (jnp.ones((256, 4)), jnp.ones((4, 256)), jnp.ones((256, 4)))
# --8<-- [end:your-function]

# Everything below works for any einsum.
def dot_generals(jaxpr):
    """Every dot_general equation, in the order the jaxpr runs them (inner jaxprs too)."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "dot_general":
            yield eqn
        for param in eqn.params.values():
            inner = getattr(param, "jaxpr", param)  # a ClosedJaxpr holds a Jaxpr
            if hasattr(inner, "eqns"):
                yield from dot_generals(inner)


for optimize in ("auto", "greedy", "optimal", False):  # "auto" is the default
    jaxpr = jax.make_jaxpr(lambda *ops: jnp.einsum(spec, *ops, optimize=optimize))(*operands)
    print(f"optimize={optimize!r}:")
    total = 0
    for eqn in dot_generals(jaxpr.jaxpr):
        lhs, rhs = (v.aval.shape for v in eqn.invars)
        (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
        out = eqn.outvars[0].aval.shape
        flops = 2 * math.prod(out) * math.prod(lhs[d] for d in lc)  # a multiply and an add each
        total += flops
        dims = f"contracting {tuple(lc)} x {tuple(rc)}, batch {tuple(lb)} x {tuple(rb)}"
        print(f"  {str(lhs):11} x {str(rhs):11} {dims:42} -> {str(out):12} {flops:>10,} flops")
    print(f"  total {total:,} flops")

path, _ = jnp.einsum_path(spec, *operands, optimize="auto")
# Each step contracts two positions of the list of operands left, and appends the result.
print("jnp.einsum_path(optimize='auto'):", path)


def hlo_dots(text):
    """Each dot (and custom-call) of an HLO module, with the ENTRY instruction it runs in,
    in the order they run: ENTRY's instructions in order, entering what each one calls."""
    bodies = {name: body for name, body in re.findall(r"^(?:ENTRY )?%?(\S+) [^\n]*\{\n(.*?)\n\}$", text, re.M | re.S)}
    types = dict(re.findall(r"%?([\w.-]+) = (\w+\[[\d,]*\])", text))
    entry = re.search(r"^ENTRY %?(\S+)", text, re.M)[1]

    def walk(name, where):
        for line in bodies[name].splitlines():
            dot = re.search(r"= (\w+\[[\d,]*\])\S* dot\(%?([^,]+), %?([^)]+)\)(.*)", line)
            if dot:
                out, lhs, rhs, attrs = dot.groups()
                dims = [re.search(k + r"_dims=(\{[\d,]*\})", attrs) for k in
                        ("lhs_contracting", "rhs_contracting", "lhs_batch", "rhs_batch")]
                lc, rc, lb, rb = (m[1] if m else "{}" for m in dims)
                yield f"{types[lhs]:12} x {types[rhs]:12} contracting {lc} x {rc}, batch {lb} x {rb}", out, where
            call = re.search(r'= (.*?) custom-call\(.*custom_call_target="([^"]+)"', line)
            if call:  # a library call, in case your build makes one of a product
                yield f"custom-call {call[2]}", re.sub(r"\{[\d,]*\}", "", call[1]), where
            for callee in re.findall(r"(?:calls|to_apply|body|condition)=%?([\w.-]+)", line):
                inside = where
                if name == entry:  # name the ENTRY instruction, with its kind if it is a fusion
                    kinds = [k for pair in re.findall(r'kind=(\w+)|"kind":"(\w+)"', line) for k in pair if k]
                    inside = "%" + line.split(" = ")[0].split()[-1].lstrip("%") + (f" ({', '.join(kinds)})" if kinds else "")
                yield from walk(callee, inside)

    yield from walk(entry, "ENTRY")


# The default's products in HLO, before XLA's passes and after them.
lowered = jax.jit(lambda *ops: jnp.einsum(spec, *ops)).lower(*operands)
before = list(hlo_dots(lowered.as_text(dialect="hlo")))
after = list(hlo_dots(lowered.compile().as_text()))
print("HLO dots of optimize='auto' before XLA's passes (lowered.as_text(dialect='hlo')):")
for dot, out, _ in before:
    print(f"  {dot:68} -> {out}")
print("after them, on the CPU (lowered.compile().as_text()), in the order they run:")
for dot, out, where in after:
    print(f"  {dot:68} -> {out:12} in {where}")
if len(after) < len(before):
    print(f"  ({len(before) - len(after)} of the {len(before)} dots became other instructions)")
