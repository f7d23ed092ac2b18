from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/bug_report/ (git-ignored), the same on every run

import os

# --8<-- [start:your-function]
# Dump your module (jit_ + its name) as text, and a snapshot of each call with its inputs.
os.environ["XLA_FLAGS"] = (
    "--xla_dump_to=dump --xla_dump_hlo_module_re=^jit_residual$ --xla_dump_hlo_as_text --xla_dump_hlo_snapshots"
)
os.environ["JAX_HLO_SOURCE_FILE_CANONICALIZATION_REGEX"] = ".*/"  # no home directory in the files

import jax  # noqa: E402
import numpy as np  # noqa: E402


def residual(a, b, c):  # jit gives 5.96e-08 on the CPU, eager 0.0: is that a bug?
    return a * b - c


a = b = np.float32(1 + 2**-12)
args = (a, b, a * b)
jitted = jax.jit(residual)
# --8<-- [end:your-function]

# Everything below works for any function: run the call that shows the problem, then pack.
import pathlib  # noqa: E402
import shutil  # noqa: E402

import jaxlib  # noqa: E402
import target  # noqa: E402  (the CPU, or the target of LIVE_TARGET: see snippets/target.py)

compiled = target.compile_jitted(jitted, *args)  # the compile writes the two modules
device = target.devices(1)[0]
ran = device in jax.devices()  # False for a TPU or GPU compiled for without the chip
if ran:
    jax.block_until_ready(compiled(*args))  # the call writes the snapshot
dump, report = pathlib.Path("dump"), pathlib.Path("bug_report")
report.mkdir()
expected = {"before_optimizations.txt": 1, "*after_optimizations.txt": 1, "snapshot.*.pb": int(ran)}
for kind, count in expected.items():  # a snapshot per call that ran: make the call once
    paths = list(dump.glob(f"module_*.{kind}"))
    assert len(paths) == count, f"dump/ holds {len(paths)} module_*.{kind}, not {count}"
    for path in paths:
        shutil.copy(path, report / path.name.split(".", 1)[1])  # drop the module_NNNN. prefix
(report / "versions.txt").write_text(f"jax {jax.__version__}\njaxlib {jaxlib.__version__}\n")


def varint(buf, i):  # protobuf's wire format, just enough to split a message into fields
    value = shift = 0
    while True:
        value, shift, i = value | (buf[i] & 0x7F) << shift, shift + 7, i + 1
        if buf[i - 1] < 0x80:
            return value, i


def fields(buf, number):  # the length-delimited values of one field number
    found, i = [], 0
    while i < len(buf):
        key, i = varint(buf, i)
        if key & 7 == 0:  # a varint
            i = varint(buf, i)[1]
            continue
        size, i = {1: (8, i), 5: (4, i)}.get(key & 7) or varint(buf, i)
        if key >> 3 == number and key & 7 == 2:
            found.append(buf[i : i + size])
        i += size
    return found


def packed(raw):  # a packed run of varints
    values, i = [], 0
    while i < len(raw):
        value, i = varint(raw, i)
        values.append(value)
    return values


def message(number, payload):  # one length-delimited field
    def encode(n):
        return bytes([n & 0x7F | 0x80]) + encode(n >> 7) if n >= 0x80 else bytes([n])
    return encode(number << 3 | 2) + encode(len(payload)) + payload


# HloSnapshot field 2: the call's arguments as LiteralProtos. RunHloModuleLiterals wants
# iterations (field 1) of arguments (field 2): the same protos, wrapped.
snapshots = list(report.glob("*.snapshot.*.pb"))  # one where the call ran, none where it could not
run_id = snapshots[0].name.split(".")[-2] if snapshots else "<run id>"  # a number that changes from run to run
for snapshot in snapshots:
    arguments = fields(snapshot.read_bytes(), 2)
    (report / "inputs.pb").write_bytes(message(1, b"".join(message(2, arg) for arg in arguments)))

    (iteration,) = fields((report / "inputs.pb").read_bytes(), 1)  # read it back
    for i, (literal, arg) in enumerate(zip(fields(iteration, 2), jax.tree.leaves(args))):
        dims = tuple(d for raw in fields(fields(literal, 1)[0], 3) for d in packed(raw))  # LiteralProto.shape.dimensions
        print(f"inputs.pb argument {i}: shape {dims}, your argument's {np.shape(arg)}; the snapshot's bytes: {literal == arguments[i]}")
    print(f"inputs.pb holds {len(fields(iteration, 2))} arguments; your call had {len(jax.tree.leaves(args))}")
if not ran:
    print(f"compiled for {device.device_kind}, not run (the chip is not here): no snapshot, no inputs.pb, no replay")
print()
for path in sorted(report.iterdir()):
    print(f"bug_report/{path.name}".replace(run_id, "<run id>"))
platform = {"cpu": "CPU", "gpu": "CUDA"}.get(device.platform)  # run_hlo_module --platform; none written for a TPU
for snapshot in snapshots if platform else []:  # the replay: where the call ran, on the CPU or a GPU
    print()
    before = next(report.glob("*.before_optimizations.txt")).name
    print("run_hlo_module here:", shutil.which("run_hlo_module") or "not installed (built from openxla/xla with Bazel)")
    print("# XLA's whole pipeline on your module, with your inputs:")
    print(f"run_hlo_module --platform={platform} --input_format=hlo --input_literals_file=inputs.pb --print_literals {before}")
    print("# the optimized module and the inputs recorded in the snapshot, without the HLO passes:")
    print(f"run_hlo_module --platform={platform} --input_format=pb --run_test_hlo_passes=false {snapshot.name}".replace(run_id, "<run id>"))
