from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/recipes/donation/ (git-ignored), the same on every run

import pathlib
import re
import warnings

import jax
import jax.numpy as jnp


# --8<-- [start:your-function]
def sgd_step(params, grads):
    new_params = params - 0.1 * grads
    return jnp.sum(grads**2), new_params  # output 0: a scalar; output 1: params' shape


args = (jnp.ones((256, 256)), jnp.ones((256, 256)))
jitted = jax.jit(sgd_step, donate_argnums=(0, 1))  # donate both; only one can be used
# --8<-- [end:your-function]

# Everything below works for any jitted function with donate_argnums.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    lowered = jitted.lower(*args)
compiled = lowered.compile({"xla_dump_to": "dump"})  # this compile's buffer assignment, in dump/

header = compiled.as_text().splitlines()[0]
alias = re.search(r"input_output_alias=\{.*?\) \}", header)
print("optimized header:", alias.group(0) if alias else "no input_output_alias: nothing donated is reused")
for output, parameter in re.findall(r"\{([\d,]*)\}: \((\d+), \{[\d,]*\}, [\w-]+\)", alias.group(0) if alias else ""):
    print(f"  output {{{output}}} is written into the buffer of parameter {parameter}")
print("alias_size_in_bytes:", compiled.memory_analysis().alias_size_in_bytes)
(assignment,) = pathlib.Path("dump").glob("*after_optimizations-buffer-assignment.txt")
print("parameter allocations in", assignment.name.split(".", 1)[1] + ":")
for line in assignment.read_text().splitlines():
    if re.match(r"allocation \d+: .*\bparameter \d+,", line):
        print("  " + line.rstrip(":"))
flat = jax.tree.leaves(args)
shardings = jax.tree.leaves(compiled.input_shardings[0], is_leaf=lambda s: s is None)
kept = [leaf for leaf, s in enumerate(shardings) if s is not None]  # None: a leaf never read, dropped by JAX
print("argument leaves:", ", ".join(f"leaf {leaf} is parameter {kept.index(leaf)}" if leaf in kept
                                    else f"leaf {leaf} is unused, no parameter" for leaf in range(len(flat))))
compiled(*args)  # run once: a donated buffer that was used is deleted
print("deleted after the call:", ", ".join(f"parameter {i}: {flat[leaf].is_deleted()}" for i, leaf in enumerate(kept)))
for warning in caught:
    print("warning:", str(warning.message).splitlines()[0])
