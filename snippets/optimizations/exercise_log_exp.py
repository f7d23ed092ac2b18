from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
import shutil
from pathlib import Path

import jax
import jax.numpy as jnp

from examples import X
from hlo_stats import stats


def log_exp(x):
    return jnp.log(jnp.exp(x))


lowered = jax.jit(log_exp).lower(X)
for fast_math in [False, True]:
    shutil.rmtree("dump", ignore_errors=True)  # start from an empty folder on every run
    lowered.compile({"xla_dump_to": "dump", "xla_dump_hlo_pass_re": ".*",
                     "xla_cpu_enable_fast_math": fast_math})
    snapshots = sorted(p for p in Path("dump").glob("*.txt") if re.search(r"\.\d{4}\.", p.name))
    gone = next((p.name.split(".", 2)[2] for p in snapshots if " log(" not in p.read_text()), "none")
    print(f"xla_cpu_enable_fast_math={fast_math}: first snapshot without log: {gone}")
    for passes in ["", "algsimp"]:
        options = {"xla_disable_hlo_passes": passes, "xla_cpu_enable_fast_math": fast_math}
        s = stats(lowered.compile(options).as_text())
        print(f"    disabled={passes!r:>9}: log {s['all_opcodes']['log']}, ENTRY {dict(s['entry_opcodes'])}")
