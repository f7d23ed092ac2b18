"""The one-process floor: what running the site's snippets costs with no isolation at all.

    python tests/bench_floor.py SNIPPET [SNIPPET ...]     (names relative to snippets/)

Runs each named snippet in this one process, one after another, as `python FILE` from
the repository root would (its folder first on sys.path, `__name__ == "__main__"`),
with its prints sent nowhere. JAX is imported once, before the clock starts. Local
modules a snippet imports (snippets/*/mlp.py exists in several folders) are forgotten
after each snippet, so the next one imports its own. A snippet may leave JAX
configured for the next, so this is a floor to compare against, not a way to run the
site. Prints one JSON line: {"seconds", "ran", "failed": [names]}.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import runpy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"


def run_all(names: list[str]) -> dict:
    import jax  # noqa: F401  (paid once, outside the timed part, as the engine's workers do)

    os.chdir(ROOT)
    failed, started = [], time.perf_counter()
    for name in names:
        file = SNIPPETS / name
        modules, path = set(sys.modules), list(sys.path)
        sys.path.insert(0, str(file.parent))
        sys.argv = [str(file)]
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                runpy.run_path(str(file), run_name="__main__")
        except BaseException:  # SystemExit included: a snippet's exit must not end the floor
            failed.append(name)
        finally:
            sys.path[:] = path
            for module in set(sys.modules) - modules:
                if str(getattr(sys.modules[module], "__file__", "") or "").startswith(str(SNIPPETS)):
                    del sys.modules[module]
            os.chdir(ROOT)
    return {"seconds": time.perf_counter() - started, "ran": len(names), "failed": failed}


if __name__ == "__main__":
    print(json.dumps(run_all(sys.argv[1:])))
