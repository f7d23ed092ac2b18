from scratch import fresh_folder

fresh_folder(__file__)

import inspect  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import jax.numpy as jnp  # noqa: E402


# --8<-- [start:your-function]
def f(x, w):
    return jnp.tanh(x @ w).sum(axis=0)


args = (jnp.ones((32, 64)), jnp.ones((64, 16)))
# --8<-- [end:your-function]

# Everything below works for any function written with `def` that needs only jax, jnp, lax and np.
# A second run of your program is a new process: this one starts two, one after the other.
CHILD = """
import logging, re, sys
import jax, jax.numpy as jnp, numpy as np
from jax import lax

events = []
jax.monitoring.register_event_listener(lambda name, **kw: events.append(name.rsplit("/", 1)[1]))
logged = []
class Keep(logging.Handler):
    def emit(self, record):
        logged.append(record.getMessage())
logging.getLogger("jax").addHandler(Keep())
jax.config.update("jax_log_compiles", True)  # log a cache hit as a warning
jax.config.update("jax_explain_cache_misses", True)  # and a miss, a write, a skipped write
jax.config.update("jax_compilation_cache_dir", "jax-cache")
jax.config.update("jax_persistent_cache_min_compile_time_secs", float(sys.argv[1]))
exec(sys.argv[2])  # your function's source
shapes = eval(sys.argv[3])
function = eval(sys.argv[4])  # your function, by the name its source gives it
jax.block_until_ready(jax.jit(function)(*[np.zeros(s, jnp.dtype(d)) for s, d in shapes]))
print("  jax.monitoring events:", [e for e in events if e in ("cache_hits", "cache_misses")])
for m in logged:
    if "persistent" in m.lower():  # the cache key and the measured time left out
        print("  log:", re.sub(r" with key .*| since its size .*|\\(\\d+\\.\\d+s\\)", "", m).strip())
"""
shapes = repr([(a.shape, str(a.dtype)) for a in args])
for run, threshold in [(1, "1.0"), (2, "0"), (3, "0")]:
    out = subprocess.run([sys.executable, "-c", CHILD, threshold, inspect.getsource(f), shapes, f.__name__],
                         capture_output=True, text=True, check=True).stdout
    files = sorted(p.name.split("-")[0] + "-<key>-" + p.name.rsplit("-", 1)[1] for p in Path("jax-cache").glob("*"))
    print(f"process {run}, min_compile_time_secs={threshold}:\n{out}  files in jax-cache/: {files}")
