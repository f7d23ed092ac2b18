import jax
import jax.numpy as jnp
import numpy as np

from examples import X, add_ramp
from hlo_stats import stats

WEIGHTS = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3], np.float32)


def ramp_times_weights(x):
    """Like add_ramp, but the ramp is multiplied by a NumPy array, not a scalar."""
    return x + jnp.arange(16, dtype=jnp.float32) * WEIGHTS


def opcodes(f, arg, disabled=""):
    """Opcode counts of the compiled module, every computation included."""
    compiled = jax.jit(f).lower(arg).compile({"xla_disable_hlo_passes": disabled})
    return stats(compiled.as_text())["all_opcodes"]


print("what the multiply reads            passes disabled     iota  multiply")
for f, operands in [(add_ramp, "iota, broadcast(constant)"), (ramp_times_weights, "iota, constant")]:
    for disabled in ["", "constant_folding"]:
        ops = opcodes(f, X, disabled)
        print(f"{operands:<34} {disabled or '-':<18} {ops['iota']:>5} {ops['multiply']:>9}")

# The size check: pad(constant, constant) has only constant operands.
# int8 keeps the folded constant at 45 MB.
SMALL = np.arange(1, 5, dtype=np.int8)
print("\npad(constant, constant): result size   passes disabled     pad")
for n, disabled in [(45_000_000, ""), (45_000_000, "constant_folding"), (45_000_001, "")]:
    def add_padded(x):
        return x + jnp.pad(SMALL, (0, n - 4))

    ops = opcodes(add_padded, jax.ShapeDtypeStruct((n,), jnp.int8), disabled)
    print(f"{n:>22,} elements   {disabled or '-':<18} {ops['pad']:>4}")

# pad(broadcast(constant), constant) meets the operand rule too: jnp.full inside jit is a broadcast.
print("\npad to 8 elements of               passes disabled     pad")
for label, make in [("constant [1, 2, 3, 4]", lambda: SMALL), ("broadcast(constant 7)", lambda: jnp.full(4, 7, jnp.int8))]:
    for disabled in ["", "constant_folding"]:
        def add_padded(x):
            return x + jnp.pad(make(), (0, 4))

        ops = opcodes(add_padded, jax.ShapeDtypeStruct((8,), jnp.int8), disabled)
        print(f"{label:<34} {disabled or '-':<18} {ops['pad']:>4}")
