"""How long the site takes to build: cold, warm, and after editing one snippet.

Not a test (pytest does not collect it): run it by hand and read the table.

    uv run python tests/benchmark.py [--runs N]

Each figure is the wall time of a whole `mkdocs build --strict` process, so it
includes starting Python, importing MkDocs and (when anything runs) starting the
workers that import JAX. The builds use a cache folder of their own (LIVE_CACHE_DIR),
so the checkout's cache is left alone.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = re.compile(r"live: (\d+) snippets: (\d+) ran, (\d+) from the cache")


def build(cache: Path, site: Path) -> tuple[float, str]:
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1", "LIVE_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)], cwd=ROOT,
                            env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"the build failed:\n{result.stderr}")
    summaries = SUMMARY.findall(result.stderr)
    snippets, ran, cached = summaries[0] if summaries else ("?", "?", "?")
    return seconds, f"{snippets} snippets, {ran} ran, {cached} cached"


def touched(snippet: Path):
    """Append a comment to a snippet (a real edit, new cache key), then put the file back."""
    original = snippet.read_bytes()
    snippet.write_bytes(original + b"\n# benchmark edit\n")
    return original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="builds per scenario (default 3)")
    parser.add_argument("--snippet", default="pipeline/jaxpr.py", help="the snippet edited for the incremental case")
    args = parser.parse_args()
    snippet = ROOT / "snippets" / args.snippet
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        cache, site = Path(folder) / "cache", Path(folder) / "site"
        scenarios = {"cold (empty cache)": [], "warm (nothing changed)": [], "one snippet edited": []}
        notes = {}
        for _ in range(args.runs):
            shutil.rmtree(cache, ignore_errors=True)
            seconds, notes["cold (empty cache)"] = build(cache, site)
            scenarios["cold (empty cache)"].append(seconds)
            seconds, notes["warm (nothing changed)"] = build(cache, site)
            scenarios["warm (nothing changed)"].append(seconds)
            original = touched(snippet)
            try:
                seconds, notes["one snippet edited"] = build(cache, site)
            finally:
                snippet.write_bytes(original)
            scenarios["one snippet edited"].append(seconds)
        for name, times in scenarios.items():
            rows.append((name, min(times), statistics.median(times), max(times), notes[name]))
    print(f"{os.cpu_count()} cores, {args.runs} runs each; seconds per `mkdocs build --strict`\n")
    print(f"{'scenario':<24} {'min':>7} {'median':>7} {'max':>7}  what ran")
    for name, low, middle, high, note in rows:
        print(f"{name:<24} {low:7.1f} {middle:7.1f} {high:7.1f}  {note}")


if __name__ == "__main__":
    main()
