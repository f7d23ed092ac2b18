from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
import subprocess
import sys

# One program, run twice as two Python processes that share the cache folder `cache`.
PROGRAM = """
import jax, jax.monitoring
import numpy as np
jax.config.update("jax_compilation_cache_dir", "cache")
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)  # cache even a fast compile
jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)  # and a small executable

events = []
jax.monitoring.register_event_listener(lambda name, **kw: events.append(name))
jax.monitoring.register_event_duration_secs_listener(lambda name, secs, **kw: events.append(name))

def double(x):
    return 2.0 * x

x = np.ones(4, np.float32)
with jax.log_compiles():
    jax.jit(double)(x)
for name in ("/jax/core/compile/backend_compile_duration", "/jax/compilation_cache/cache_hits"):
    print(f"event {name}: {events.count(name)} time(s)")
"""

for run in ("first process", "second process"):
    child = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True)
    print(f"--- {run}, exit status {child.returncode}")
    for line in child.stderr.splitlines():
        if line.startswith("WARNING"):
            continue  # the logger's prefix line before each message
        line = re.sub(r"in [0-9.e-]+ sec", "in <t> sec", line)  # durations change from run to run
        print(re.sub(r"with key '[^']+'", "with key '<key>'", line))
    print(child.stdout, end="")
