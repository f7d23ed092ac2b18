from scratch import fresh_folder

fresh_folder(__file__)

import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

# Each run is a fresh Python process with the cache folder set: what a second run of a program sees.
program = """
import sys
import jax
import jax.monitoring
import jax.numpy as jnp
import numpy as np

hits = []
jax.monitoring.register_event_listener(lambda name, **kwargs: hits.append(name.endswith("/cache_hits")))
compiles = []  # the event the compile counters of this chapter count
jax.monitoring.register_event_duration_secs_listener(
    lambda name, secs, **kwargs: compiles.append(name.endswith("backend_compile_duration")))
jax.config.update("jax_compilation_cache_dir", "jax-cache")
jax.config.update("jax_persistent_cache_min_compile_time_secs", float(sys.argv[1]))
jax.jit(lambda x: jnp.tanh(x) * 2)(np.ones(3, np.float32)).block_until_ready()
print(f"loaded from the cache: {any(hits)}, backend_compile_duration events: {sum(compiles)}")
"""
for label, threshold in [("default threshold (1.0 s)", "1.0"), ("default threshold (1.0 s)", "1.0"),
                         ("threshold 0 s", "0"), ("threshold 0 s", "0")]:
    run = subprocess.run([sys.executable, "-c", program, threshold], capture_output=True, text=True)
    entries = sorted(path.name.split("-")[0] for path in Path("jax-cache").glob("*")) if Path("jax-cache").exists() else []
    print(f"{label}: {run.stdout.strip() or run.stderr.strip().splitlines()[-1]}; files in jax-cache/: {entries}")
