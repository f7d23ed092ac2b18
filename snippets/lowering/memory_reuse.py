from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib
import re

import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, mlp
from protowire import fields as proto_fields  # the wire-format reader of the replay chapter


def dense(w, b, x):
    return jnp.maximum(x @ w + b, 0.0)


def compile_and_dump(f, args, folder):
    """Compile once, writing that compile's buffer assignment, live ranges and
    memory-usage report to folder; return the compiled object and the three texts."""
    compiled = jax.jit(f).lower(*args).compile({"xla_dump_to": folder})
    read = lambda suffix: next(pathlib.Path(folder).glob(f"*after_optimizations-{suffix}.txt")).read_text()
    return compiled, read("buffer-assignment"), read("live-range"), read("memory-usage-report")


def f32(*shape):
    return jax.ShapeDtypeStruct(shape, jnp.float32)


# A dense layer with bias and ReLU at the MLP's sizes: x f32[8,16], w f32[16,32].
compiled, buffers, live_range, _ = compile_and_dump(dense, (f32(16, 32), f32(32), f32(8, 16)), "dump_dense_8")
entry = compiled.as_text()[compiled.as_text().index("ENTRY"):]
print("== the entry computation (excerpt, no metadata)")
print("\n".join(line.split(", metadata=")[0] for line in entry.splitlines() if " fusion(" in line))
print("== the buffer assignment of the same compile")
print(buffers.strip())
print("== the live-range file of the same compile: each value's range, then the values live at its peak")
print(live_range[live_range.index("  BufferLiveRange"):live_range.index("  Stack trace")].rstrip())

# The same numbers for the layer and for the chapter's MLP (which has a temp buffer),
# at the MLP's sizes and with every size 512.
programs = {
    "dense 8": (dense, (f32(16, 32), f32(32), f32(8, 16))),
    "dense 512": (dense, (f32(512, 512), f32(512), f32(512, 512))),
    "mlp 8": (mlp, (jax.eval_shape(init_params), jax.eval_shape(example_batch)[0])),
    "mlp 512": (mlp, (jax.eval_shape(lambda: init_params(features=512, hidden=512, outputs=512)), f32(512, 512))),
}
print("== the numbers, in bytes")
print(f"{'program':10} {'argument':>9} {'output':>8} {'temp':>8} {'arg+out+temp':>12} {'peak_memory':>12}"
      f" {'report total':>12} {'live-range peak':>15}")
traces = {}
for label, (f, args) in programs.items():
    compiled, buffers, live_range, usage = compile_and_dump(f, args, "dump_" + label.replace(" ", "_"))
    memory = compiled.memory_analysis()
    argument, output, temp = (memory.argument_size_in_bytes, memory.output_size_in_bytes, memory.temp_size_in_bytes)
    # BufferAssignmentProto field 4 is heap_simulator_traces, what ComputePeakMemory adds temporaries from.
    fields = [number for number, _ in proto_fields(memory.serialized_buffer_assignment_proto)]
    traces[label] = f"{fields.count(3)} allocations, {fields.count(4)} heap-simulator traces"
    report_total = int(re.search(r"^Total bytes: (\d+)", usage, re.M)[1])
    live_peak = sum(int(n) for n in re.findall(r"^    \S+: (\d+) bytes \(cumulative", live_range, re.M))
    print(f"{label:10} {argument:9} {output:8} {temp:8} {argument + output + temp:12} {memory.peak_memory_in_bytes:12}"
          f" {report_total:12} {live_peak:15}")
    for allocation in buffers.split("\nallocation ")[1:]:  # those that hold more than one value
        values = re.findall(r"value: <\d+ (\S+) @0>", allocation)
        if len(values) > 1:
            kind = "output" if "maybe-live-out" in allocation else "temp" if "preallocated-temp" in allocation else "?"
            print(f"{'':10} allocation {allocation.split(':')[0]} ({kind}) holds {', '.join(values)}")
print("== the buffer assignment memory_analysis() carries (serialized_buffer_assignment_proto)")
for label, counts in traces.items():
    print(f"{label:10} {counts}")
