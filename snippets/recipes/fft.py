import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import SingleDeviceSharding

import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

# --8<-- [start:your-function]
x = jnp.linspace(0.0, 1.0, 256)  # float32
images, kernel = jnp.ones((8, 16, 32), jnp.complex64), jnp.ones((16, 32), jnp.complex64)

forms = [  # (label, function, arguments)
    ("rfft", jnp.fft.rfft, (x,)),
    ("fft of a real array", jnp.fft.fft, (x,)),
    ("irfft", lambda z: jnp.fft.irfft(z, n=256), (jnp.fft.rfft(x),)),
    ("fft2, then a product", lambda a, k: jnp.fft.fft2(a) * k, (images, kernel)),
    ("fft of a NumPy float64 array", jnp.fft.fft, (np.linspace(0.0, 1.0, 256),)),
]
# --8<-- [end:your-function]

# Everything below works for any function of arrays.
FFT_TYPES = {0: "FFT", 1: "IFFT", 2: "RFFT", 3: "IRFFT"}  # jax.lax.FftType's values
SKIP = {"parameter", "bitcast", "tuple", "get-tuple-element", "constant"}  # move no data


def equations(jaxpr):
    """Every equation, those of inner jaxprs (jnp.fft's own jit, say) in place of their caller."""
    for eqn in jaxpr.eqns:
        inner = [getattr(p, "jaxpr", p) for p in eqn.params.values() if hasattr(getattr(p, "jaxpr", p), "eqns")]
        if inner:
            yield from (e for j in inner for e in equations(j))
        else:
            yield eqn


def computations(text):
    """Each computation of an HLO module: name -> (its lines, whether a fusion calls it)."""
    bodies = dict(re.findall(r"^(?:ENTRY )?%?([\w.-]+)(?: \([^\n]*\) -> [^\n]*)? \{\n(.*?)\n\}$", text, re.M | re.S))
    fused = set(re.findall(r"fusion\(.*?calls=%?([\w.-]+)", text))
    return {name: (body.splitlines(), name in fused) for name, body in bodies.items()}


def ffts(text):
    """(computation, inside a fusion?, shape, fft_type, fft_length) of each fft instruction."""
    for name, (lines, fused) in computations(text).items():
        for line in lines:
            found = re.match(r"\s*(?:ROOT )?%?\S+ = (\S+) fft\(.*?fft_type=(\w+), fft_length=\{([\d,]*)\}", line)
            if found:
                yield name, fused, re.sub(r"\{[\d,]*\}", "", found[1]), found[2], found[3]


def lower(function, *args):
    """jax.jit(function).lower(*args), for the target's device: a GPU's lowering rule for fft is its own."""
    if target.name() == "cpu":
        return jax.jit(function).lower(*args)
    device = target.devices(1)[0]
    return jax.jit(function).trace(*(jax.ShapeDtypeStruct(np.shape(a), jnp.result_type(a), sharding=SingleDeviceSharding(device))
                                     for a in args)).lower()


for label, function, args in forms:
    print(f"== {label}")
    jaxpr = jax.make_jaxpr(function)(*args)
    given = ", ".join(f"{np.asarray(a).dtype}[{','.join(map(str, np.shape(a)))}]" for a in args)
    print(f"  arguments: {given}, traced as {', '.join(v.aval.str_short() for v in jaxpr.jaxpr.invars)}")
    for eqn in equations(jaxpr.jaxpr):
        if eqn.primitive.name == "fft":
            kind = FFT_TYPES[int(eqn.params["fft_type"])]
            print(f"  jaxpr: fft[fft_type={int(eqn.params['fft_type'])} ({kind}), "
                  f"fft_lengths={tuple(eqn.params['fft_lengths'])}] "
                  f"{eqn.invars[0].aval.str_short()} -> {eqn.outvars[0].aval.str_short()}")
        else:
            print(f"  jaxpr: {eqn.primitive.name} -> {eqn.outvars[0].aval.str_short()}")
    lowered = lower(function, *args)
    before = lowered.as_text(dialect="hlo")
    for name, fused, shape, kind, length in ffts(before):
        caller = re.search(r"= (?:\(.*?\)|\S+) ([\w-]+)\([^\n]*(?:to_apply|calls|body|condition|branch_computations)=\{?%?"
                           + re.escape(name) + r"\b", before)
        where = f"computation {name}, reached by a {caller[1]}" if caller else f"computation {name}"
        print(f"  before XLA's passes: fft {shape} fft_type={kind} fft_length={{{length}}} in {where}")
    after = lowered.compile().as_text()
    bodies = computations(after)
    for name, fused, shape, kind, length in ffts(after):
        print(f"  optimized: fft {shape} fft_type={kind} fft_length={{{length}}} in {name}"
              f"{', inside a fusion' if fused else ', not in a fusion'}")
    entry = re.search(r"^ENTRY %?([\w.-]+)", after, re.M)[1]
    steps = []
    for line in bodies[entry][0]:
        found = re.match(r"\s*(?:ROOT )?%?(\S+) = (?:\(.*?\)|\S+) ([\w-]+)\(", line)
        if found and found[2] not in SKIP:
            kind = re.search(r"kind=(\w+)", line)
            called = re.search(r'custom_call_target="([^"]+)"', line)  # a custom-call: what it calls
            steps.append(f"{found[2]}{' ' + kind[1] if kind else ''} ({found[1]})" if found[2] == "fusion"
                         else f"{found[2]} {called[1]}" if called else found[2])
    print(f"  optimized ENTRY runs: {' -> '.join(steps)}")
    if not any(ffts(after)):  # the passes replaced the fft: count the ops that compute in its place
        ops = re.findall(r"= (?:\(.*?\)|\S+) (convolution|dot|reduce|sine|cosine)\(", after)
        print(f"  optimized: no fft; the module's {', '.join(f'{op} x{ops.count(op)}' for op in sorted(set(ops)))}")
    targets = re.findall(r'custom_call_target="([^"]+)"', after)
    print(f"  custom-calls naming an FFT: {sum('fft' in t.lower() for t in targets)}")
