from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import glob
import re
import warnings

import jax
import jax.numpy as jnp


def header_alias(text):
    """The alias part of an HLO header: input_output_alias=... or buffer_donor=..., if any."""
    found = re.findall(r"(?:input_output_alias|buffer_donor)=\{.*?\) \}", text.splitlines()[0])
    return ", ".join(found) or "none"


def check(label, fn, x):
    folder = "dump_" + re.sub(r"\W+", "_", label)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lowered = jax.jit(fn, donate_argnums=0).lower(x)
    compiled = lowered.compile({"xla_dump_to": folder})
    arg0 = re.search(r"@main\(%arg0: ([^)]*?)\)", lowered.as_text()).group(1)
    (assignment,) = glob.glob(f"{folder}/*cpu_after_optimizations-buffer-assignment.txt")
    param_line = next(line for line in open(assignment) if "parameter 0" in line)
    result = compiled(x)  # the compiled program honours the donation like the jitted call
    print(f"== {label}: {x.dtype}{list(x.shape)} -> {result.dtype}{list(result.shape)}")
    print("  StableHLO %arg0:   ", arg0)
    print("  unoptimized header:", header_alias(lowered.as_text(dialect="hlo")))
    print("  optimized header:  ", header_alias(compiled.as_text()))
    print("  buffer assignment: ", param_line.strip())
    print("  alias_size_in_bytes:", compiled.memory_analysis().alias_size_in_bytes)
    print("  x.is_deleted():    ", x.is_deleted())
    for warning in caught:
        print("  warning:", str(warning.message).splitlines()[0])
    return x


x = check("same shape", lambda x: x * 2, jnp.ones((8, 16)))
try:
    x + 1
except RuntimeError as error:
    print("  using x again:", type(error).__name__ + ":", error)
check("same shape, bf16 512x512", lambda x: x * 2, jnp.ones((512, 512), jnp.bfloat16))
check("transposed", lambda x: x.T * 2, jnp.ones((8, 16)))
check("to int32", lambda x: x.astype(jnp.int32), jnp.ones((8, 16)))
check("to float16", lambda x: x.astype(jnp.float16), jnp.ones((8, 16)))
check("sum", lambda x: x.sum(), jnp.ones((8, 16)))

# A donated argument that the function never reads: JAX leaves it out of the program.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ignores_u = jax.jit(lambda u, v: v * 2, donate_argnums=0)
    u, v = jnp.ones((8, 16)), jnp.ones((8, 16))
    header = ignores_u.lower(u, v).compile().as_text().splitlines()[0]
    ignores_u(u, v)
print("# ---- unused: donated u, never read; the result is v * 2")
print("  optimized header:  ", header_alias(header), "|", re.search(r"entry_computation_layout=\{.*?\}\}", header).group())
print("  u.is_deleted():    ", u.is_deleted())
print("  warnings caught:   ", len(caught))
