from scratch import fresh_folder

fresh_folder(__file__)  # the trace goes to scratch/recipes/named_scope/profile/, emptied on every run

import gzip  # noqa: E402
import json  # noqa: E402
import pathlib  # noqa: E402
import re  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.extend.core import ClosedJaxpr, Jaxpr  # noqa: E402


# --8<-- [start:your-function]
def attention(q, k):
    with jax.named_scope("scores"):
        s = q @ k.T
    with jax.named_scope("scale"):
        s = s * 1.0  # does nothing: watch this scope disappear
    with jax.named_scope("softmax"):
        return jax.nn.softmax(s, axis=-1)


args = (jnp.ones((64, 32)), jnp.ones((64, 32)))
function = attention
# --8<-- [end:your-function]
# Everything below works for any function and arguments: loops, inner jit and vmap included.


def equations(jaxpr, depth=0):  # every equation, with those of inner jaxprs (scan, cond, jit) indented
    for eqn in jaxpr.eqns:
        yield depth, eqn
        for param in eqn.params.values():
            for inner in param if isinstance(param, (tuple, list)) else [param]:
                inner = inner.jaxpr if isinstance(inner, ClosedJaxpr) else inner
                if isinstance(inner, Jaxpr):
                    yield from equations(inner, depth + 1)


print("jaxpr (make_jaxpr): each equation and its name stack")
scopes = []
for depth, eqn in equations(jax.make_jaxpr(function)(*args).jaxpr):
    stack = str(eqn.source_info.name_stack)
    print(f"  {'  ' * depth}{eqn.primitive.name:20} [{stack}]")
    if stack and stack not in scopes:
        scopes.append(stack)


def op_names(hlo_text):  # an op_name can join several paths with ';'
    return [path for name in re.findall(r'op_name="([^"]+)"', hlo_text) for path in name.split(";")]


step = jax.jit(function)
lowered = step.lower(*args)
optimized = lowered.compile().as_text()
stages = {
    "StableHLO": re.findall(r'loc\("([^"]*/[^"]*)"\(', lowered.as_text(debug_info=True)),  # named locations
    "HLO": op_names(lowered.as_text(dialect="hlo", debug_info=True)),  # before XLA's passes
    "optimized": op_names(optimized),  # after compile()
}
paths = [path for path in dict.fromkeys(sum(stages.values(), [])) if "/" in path]
width = max(map(len, paths))
print("each op path: a location in StableHLO, an op_name in HLO before and after compile()")
print(f"  {'path':{width}}  StableHLO  HLO  optimized")
for path in paths:
    print(f"  {path:{width}}  " + "  ".join(f"{'yes' if path in stages[s] else '-':{len(s)}}" for s in stages).rstrip())

# A CPU trace of one call, read from its .trace.json.gz.
jax.block_until_ready(step(*args))  # compile before the trace
with jax.profiler.trace("profile"):
    jax.block_until_ready(step(*args))
trace_file = next(pathlib.Path("profile").glob("plugins/profile/*/*.trace.json.gz"))
module = re.match(r"HloModule (\S+?),", optimized)[1]
events = {e["name"] for e in json.load(gzip.open(trace_file))["traceEvents"]
          if e.get("args", {}).get("hlo_module") == module}

# Join each event to the compiled module: the instruction of that name, its op_name, and the op_names
# of everything it runs (a fusion's computation, a call's or a loop's body, recursively).
computations = dict(re.findall(r"^(?:ENTRY )?%(\S+) [^\n]*\{\n(.*?)^\}", optimized, re.MULTILINE | re.DOTALL))
lines = {m[1]: m[0] for m in re.finditer(r"^\s*(?:ROOT )?%(\S+) = .*$", optimized, re.MULTILINE)}


def runs(line):
    called = re.findall(r"(?:calls|to_apply|body|condition)=%([\w.-]+)", line)
    called += [c.strip(" %") for group in re.findall(r"branch_computations=\{([^}]*)\}", line) for c in group.split(",")]
    return op_names(line) + [p for c in called for body_line in computations[c].splitlines() for p in runs(body_line)]


def held(names):
    return [scope for scope in scopes if any(f"/{scope}/" in name for name in names)]


order = list(lines)
print(f"CPU trace: each event of {module}, the op_name of the instruction it names, and the scopes it runs")
rows = {event: (op_names(lines[event])[:1] or ["-"])[0] for event in sorted(events, key=order.index)}
wide = max(map(len, rows), default=0), max(map(len, rows.values()), default=0)
for event, own in rows.items():
    print(f"  {event:{wide[0]}}  {own:{wide[1]}}  {' '.join(held(runs(lines[event]))) or '-'}")

print("each scope, stage by stage, and the trace events that run it")
wide = max(map(len, scopes + ["scope"]))
print(f"  {'scope':{wide}}  jaxpr  StableHLO  HLO  optimized  trace")
for scope in scopes:
    found = ["yes" if scope in held(stages[s]) else "-" for s in stages]
    traced = [event for event in rows if scope in held(runs(lines[event]))]
    print(f"  {scope:{wide}}  yes    {found[0]:9}  {found[1]:3}  {found[2]:9}  {' '.join(traced) or '-'}")
