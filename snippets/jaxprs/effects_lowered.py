import re
import jax

jax.config.update("jax_num_cpu_devices", 4)  # four CPU devices, for the shard_map call below

import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, PartitionSpec as P  # noqa: E402

seen = []


def record(v):
    seen.append(v.tolist())


def f(x):
    y = jnp.sin(x)
    unused = jnp.cos(x)  # a pure value that nothing reads
    jax.debug.callback(record, y)  # a call back into Python: an effect
    return y * 2.0


x = jnp.arange(3.0)
lowered = jax.jit(f).lower(x)
print(lowered.as_text())
optimized = lowered.compile().as_text()
print("optimized HLO, custom-call:", *[line.strip() for line in optimized.splitlines() if "custom-call(" in line])
print("optimized HLO, sine / cosine:", optimized.count(" sine("), "/", optimized.count(" cosine("))
computation = None
for line in optimized.splitlines():  # the fused computations that hold a sine or a multiply
    if line.startswith("%") and line.endswith("{"):
        computation = line.split()[0]
    elif computation and (" sine(" in line or " multiply(" in line):
        print("  in", computation + ":", line.split(", metadata")[0].strip())
jax.jit(f)(x)
jax.jit(f)(x + 1.0)
print("the callback ran:", seen)
seen.clear()
jax.jit(jax.vmap(f))(jnp.arange(6.0).reshape(3, 2))  # one call, a batch of 3 rows
print("jit(vmap(f)), one call on 3 rows: the callback ran", len(seen), "times, with", [len(v) for v in seen], "values each")
seen.clear()
jax.jit(lambda x: jax.lax.scan(lambda c, _: (f(c), None), x, length=4)[0])(x)  # one call, 4 steps
print("jit of a 4-step scan over f, one call: the callback ran", len(seen), "times")
seen.clear()
mesh = jax.make_mesh((4,), ("d",), axis_types=(AxisType.Auto,))
jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("d"), out_specs=P("d")))(jnp.arange(8.0))  # one call
jax.effects_barrier()  # wait for the callbacks of all four devices
print("jit(shard_map(f)) over 4 devices, one call on 8 values: the callback ran", len(seen), "times, with",
      [len(v) for v in seen], "values each")


def with_op(op):  # f with another operation in place of jnp.sin (compiled, not run)
    def g(x):
        y = op(x)
        jax.debug.callback(record, y)
        return y * 2.0
    return g


programs = [optimized]  # every optimized program below, to look for a fused custom-call
for op, opcode in [(jnp.sin, "sine"), (jnp.exp, "exponential")]:
    texts = [jax.jit(with_op(op)).lower(jnp.ones(n)).compile().as_text() for n in (3, 2**20)]
    programs += texts
    print(f"with jnp.{op.__name__}: {opcode} in the optimized HLO at 3 / 2**20 elements:",
          *[text.count(f" {opcode}(") for text in texts])
# The same sin on bfloat16 values.
texts = [jax.jit(with_op(jnp.sin)).lower(jnp.ones(n, jnp.bfloat16)).compile().as_text() for n in (3, 2**20)]
programs += texts
print("with jnp.sin on bfloat16: sine in the optimized HLO at 3 / 2**20 elements:",
      *[text.count(" sine(") for text in texts])


def fused_custom_calls(text):  # custom-calls inside a computation that a fusion calls
    fused = set(re.findall(r" fusion\(.*?calls=(%[\w.\-]+)", text))
    bodies = re.findall(r"^(%[\w.\-]+) [^\n]*\{\n(.*?)\n\}", text, re.M | re.S)
    return sum(body.count("custom-call(") for name, body in bodies if name in fused)


print(f"custom-calls inside a fusion, in these {len(programs)} optimized programs:",
      sum(map(fused_custom_calls, programs)), "| outside:",
      sum(text.count("custom-call(") for text in programs) - sum(map(fused_custom_calls, programs)))
