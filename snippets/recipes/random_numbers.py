import contextlib
import re
from collections import Counter

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def sample(key):
    key, subkey = jax.random.split(key)  # a split before each draw, as usual
    return jax.random.normal(subkey, (3,))
# --8<-- [end:your-function]

# Everything below works for any function of one key that returns arrays. Each PRNG
# implementation is chosen by the key (jax.random.key(0, impl=...)), so nothing here
# changes jax_default_prng_impl for the process.
# Constants that survive compilation, printed in decimal as the HLO prints them:
PHILOX, THREEFRY = 0xD2511F53, 0x1BD11BDA  # a Philox multiplier, Threefry's key-schedule constant


def random_eqns(jaxpr):
    """The jax.random primitives' equations, inner jaxprs included, in order."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name.startswith("random_"):
            yield eqn
        for param in eqn.params.values():
            for inner in param if isinstance(param, (tuple, list)) else [param]:
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr holds a Jaxpr
                if hasattr(inner, "eqns"):
                    yield from random_eqns(inner)


def show(eqn):
    params = " ".join(f"{k}={v}" for k, v in eqn.params.items())
    types = lambda vs: ", ".join(v.aval.str_short() for v in vs)
    return f"{eqn.primitive.name}{f'[{params}]' if params else ''} {types(eqn.invars)} -> {types(eqn.outvars)}"


def jaxpr_lines(key):
    counts = Counter(show(e) for e in random_eqns(jax.make_jaxpr(sample)(key).jaxpr))
    return [f"{n}x {line}" for line, n in counts.items()]


def short(line):
    """An HLO line without its metadata and its tuple shapes."""
    line = re.sub(r", metadata=\{[^}]*\}", "", line.strip())
    return re.sub(r"= \(.*?\) (while|call|rng-bit-generator)\(", r"= (...) \1(", line)


# The old-style raw key: a uint32 array, given its implementation inside the function.
def wraps(key):
    return [line for line in jaxpr_lines(key) if "random_wrap" in line or "random_unwrap" in line]


raw = jax.random.PRNGKey(0)
print(f"jax.random.PRNGKey(0): {jax.typeof(raw)}; in the jaxpr:")
for line in wraps(raw):
    print("  ", line)
raw_rbg = jax.random.PRNGKey(0, impl="rbg")
try:
    jax.make_jaxpr(sample)(raw_rbg)
    print(f'jax.random.PRNGKey(0, impl="rbg"): {jax.typeof(raw_rbg)}; traced as it is: no error')
except TypeError as error:
    print(f'jax.random.PRNGKey(0, impl="rbg"): {jax.typeof(raw_rbg)}; traced as it is: TypeError:',
          str(error).split(";")[0])
with jax.default_prng_impl("rbg"):
    print('  traced under jax.default_prng_impl("rbg"):')
    for line in wraps(raw_rbg):
        print("  ", line)
print()

runs = [("threefry2x32", None), ("threefry2x32", "jax_threefry_partitionable=False"), ("rbg", None), ("unsafe_rbg", None)]
first_numbers = None
for impl, flag in runs:
    key = jax.random.key(0, impl=impl)
    with jax.threefry_partitionable(False) if flag else contextlib.nullcontext():
        lowered = jax.jit(sample).lower(key)
        stablehlo, hlo = lowered.as_text(), lowered.as_text(dialect="hlo")
        compiled = lowered.compile().as_text()
        numbers = [x.tolist() for x in jax.tree.leaves(jax.jit(sample)(key))]
    first_numbers = first_numbers or numbers
    print(f"{impl}{', ' + flag if flag else ''}: key {jax.typeof(key)}, key_data {jax.typeof(jax.random.key_data(key))}")
    for line in jaxpr_lines(key):
        print("  jaxpr     ", line)
    funcs = len(re.findall(r"func\.func private @threefry2x32", stablehlo))
    print(f"  StableHLO  threefry2x32 calls: {stablehlo.count('call @threefry2x32')}, functions: {funcs}; "
          f"stablehlo.while: {stablehlo.count('stablehlo.while')}; "
          f"stablehlo.rng_bit_generator: {stablehlo.count('stablehlo.rng_bit_generator')}")
    bodies = re.findall(r"^threefry2x32\S* \{\n(.*?)^\}", hlo, re.M | re.S)
    calls = [short(x) for x in hlo.splitlines() if "to_apply=threefry2x32" in x]
    bits = [short(x) for x in hlo.splitlines() if " rng-bit-generator(" in x]
    counters = "yes" if re.search(r"^\s*iota_2x32_shape\.\d+ = ", hlo, re.M) else "no"
    print(f"  HLO        threefry2x32 calls: {len(calls)}, computations: {len(bodies)}, "
          f"whiles in them: {sum(body.count(' while(') for body in bodies)}; rng-bit-generator: {len(bits)}; "
          f"iota_2x32_shape counters: {counters}")
    for line in calls[:1] + bits[:1]:  # one line of each
        print("             ", line)
    trips = re.findall(r'"known_trip_count":\{"n":"(\d+)"\}', compiled)
    has = lambda number: "yes" if re.search(rf"\b{number}\b", compiled) else "no"
    print(f"  compiled   whiles: {compiled.count(' while(')}, trip counts: {' '.join(trips) or '-'}; "
          f"rng-bit-generator: {compiled.count(' rng-bit-generator(')}; "
          f"Threefry's {THREEFRY}: {has(THREEFRY)}; Philox's {PHILOX}: {has(PHILOX)}")
    print(f"  numbers    {'the same as' if numbers == first_numbers else 'not those of'} the first run")
