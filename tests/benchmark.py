"""How long the site takes to build and test, against what the snippets alone cost.

Not a test (pytest does not collect it): run it by hand, on an idle machine, and read
the table it prints.

    uv run python tests/benchmark.py [--runs N] [--only floor,builds,...] [--scales 1,2,4]

Each figure is the wall time of a whole process (starting Python, importing MkDocs,
starting the workers that import JAX), as min / median / max over the runs. Builds use
cache folders of their own, so the checkout's cache is left alone. Sections:

- floor: the one-process floor. The site's plain snippets run one after another in a
  single process (tests/bench_floor.py), plus each snippet that sets environment
  variables before `import jax` as its own `python FILE` (JAX reads them at import),
  plus each compile a directive's `targets=` asks for, as its own `python FILE` in that
  target's environment (a build runs them too: a floor without them is not the same work).
  Isolation, caching and rendering all cost something on top of this.
- builds: `mkdocs build --strict` cold (empty cache), warm (nothing changed) and after
  editing one snippet.
- serve: a real `mkdocs serve` of a copy of the project: the seconds to its first page,
  from a full cache and from an empty one (a fresh clone, whose pages come from the
  records while the snippets run behind them), to the rebuild that has every output of
  that empty cache in, and from saving an edit to the server giving the page that shows
  it: one snippet, one paragraph of one chapter.
- warm-floor: the same pages with their outputs already in the Markdown, built with no
  hooks: what MkDocs and the theme cost alone. Warm build minus this is the engine's share,
  less what hooks/warm_caches.py saves: the floor highlights every block and parses every
  page for search, which a warm build takes from the cache (so the difference can be negative).
- pytest-docs: `pytest docs/`, which runs every snippet fresh and checks every claim.
- memory: the peak of a cold build's memory, all its processes together (the sum of
  their proportional set sizes, sampled every 0.1 s).
- scaling: cold and warm builds of temporary copies with every chapter and snippet
  present 1x, 2x and 4x. A warm build should cost the same per unchanged snippet.
- suite (not run by default: it takes minutes and a gigabyte): `uv run pytest`, exactly as
  the README gives it, from a fresh clone of the checkout's HEAD (uncommitted edits are not
  in it): no `CI`, no `UV_COMPILE_BYTECODE`, no `LIVE_*` variables. The clone's environment is
  made first with `uv sync` (not timed: the README has its own row for it); the time is
  the whole pytest run, its clean build included. The note gives the load average before
  and after: a figure taken on a busy machine says so. A second row gives the run's
  core-seconds (of every process it waited for: a lower bound), and so the least wall
  time any order of the same tests could take on this machine's cores.
- cpu (not run by default: it repeats the floor and a cold build): where a cold
  build's time goes. The core-seconds (user + system, of the process and every
  descendant it waited for) of the floor and of a cold build. Their difference per
  snippet is what the build adds to each (isolation, MkDocs, rendering, the hooks), and
  core-seconds / cores is the least wall time any schedule of that work can take here.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import bench_sites
from serving import Served
from sitebuild import published_path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "hooks"))
from live_engine.directives import parse_page  # noqa: E402
from live_engine.settings import load_settings  # noqa: E402
from live_engine.snippets import load_snippet  # noqa: E402
from live_engine.targets import TARGETS as COMPILE_TARGETS, run_variables  # noqa: E402
from live_engine.versions import ensure_env  # noqa: E402

SUMMARY = re.compile(r"live: (\d+) snippets: (\d+) ran, (\d+) from the cache")
SECTIONS = ("floor", "builds", "serve", "warm-floor", "pytest-docs", "memory", "scaling", "cpu", "suite", "matrix")
DEFAULT_SECTIONS = SECTIONS[:-3]  # cpu repeats the floor and a cold build, suite and matrix take minutes: asked for by name
TARGETS = {"cold build": 0.35, "pytest docs/": 0.6}  # at most this many times the one-process floor
# At most this many seconds, on two idle cores (issue 30).
SECONDS_TARGETS = {
    "warm build": 5.0,
    "serve: snippet edit saved to shown": 2.0,
    "serve: chapter edit saved to shown": 2.0,
    # A fresh clone's first serve builds the pages from the records and runs the snippets behind
    # them (hooks/serve_mode/first_serve.py): what it waits for is converting the pages, not running them.
    "serve, empty cache: first page": 30.0,
    "suite: uv run pytest, fresh clone": 7 * 60.0,
}
AIMS: dict[str, str] = {  # row -> what it should become, for a row whose target is not met yet
    # The compile targets and the recipe zoo (issues 36, 37) took the suite from 8 min 11 s to 21 min 28 s;
    # on two cores its core-seconds alone rule out 7 minutes (the row under it). Which target replaces
    # it, or what leaves the suite, is left to whoever files the issues.
    "suite: uv run pytest, fresh clone": "7 min; not reachable on 2 cores with the targets' checks (issue 36)",
}


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None, sample_memory: bool = False,
          check: bool = True) -> tuple[float, int, str]:
    """Run `command`; its wall seconds, its peak memory (bytes, 0 unless sampled) and its stderr."""
    sampler = PeakMemory() if sample_memory else None
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=os.environ | {"NO_MKDOCS_2_WARNING": "1"} | (env or {}),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if sampler:
        sampler.watch(process.pid)
    _, stderr = process.communicate()
    seconds = time.perf_counter() - started
    peak = sampler.stop() if sampler else 0
    if check and process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed in {cwd}:\n{stderr[-4000:]}")
    return seconds, peak, stderr


class PeakMemory:
    """Largest sum of the proportional set sizes (PSS) of a process and all its descendants.

    PSS splits a page shared by N processes N ways, so forked workers that share JAX's
    pages are not counted N times, and the sum is what the tree really holds.
    """

    def __init__(self):
        self.peak, self._stop = 0, threading.Event()

    def watch(self, pid: int) -> None:
        self._thread = threading.Thread(target=self._sample, args=(pid,), daemon=True)
        self._thread.start()

    def stop(self) -> int:
        self._stop.set()
        self._thread.join()
        return self.peak

    def _sample(self, root: int) -> None:
        while not self._stop.wait(0.1):
            self.peak = max(self.peak, sum(_pss(pid) for pid in _tree(root)))


def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def _pss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def build(project: Path, cache: Path, site: Path, strict: bool = True, sample_memory: bool = False,
          env: dict[str, str] | None = None) -> tuple[float, int, str]:
    """A whole `mkdocs build` of `project`; seconds, peak bytes and what its live summary said."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict" if strict else "--no-strict", "-d", str(site)]
    seconds, peak, stderr = timed(command, project, {"LIVE_CACHE_DIR": str(cache)} | (env or {}), sample_memory)
    summaries = SUMMARY.findall(stderr)
    ran = sum(int(s[1]) for s in summaries)
    cached = sum(int(s[2]) for s in summaries)
    return seconds, peak, f"{ran} ran, {cached} from the cache"


def site_directives(project: Path = ROOT):
    """Every directive of every page (chapters and recipes), in page order."""
    for chapter in sorted((project / "docs").rglob("*.md")):
        page = chapter.relative_to(project).as_posix()
        yield from parse_page(chapter.read_text(encoding="utf-8"), page).directives


def site_snippets(project: Path = ROOT) -> list[str]:
    """Every snippet the pages show, once each, in page order."""
    names: list[str] = []
    for directive in site_directives(project):
        for name in (directive.path, getattr(directive, "compare", None)):
            if name and name not in names:
                names.append(name)
    return names


class Table:
    def __init__(self, floor_row: str = "one-process floor"):
        self.rows: list[tuple[str, list[float], str]] = []
        self.floor_row = floor_row

    def add(self, name: str, seconds: list[float], note: str = "") -> None:
        self.rows.append((name, seconds, note))
        print(f"  {name}: {' '.join(f'{s:.1f}' for s in seconds)} s {note}", file=sys.stderr, flush=True)

    def median(self, name: str) -> float | None:
        return next((statistics.median(s) for n, s, _ in self.rows if n == name), None)

    def print(self) -> None:
        floor = self.median(self.floor_row)
        print(f"\n{os.cpu_count()} cores; seconds per whole process; x floor = median / median of the floor\n")
        print(f"{'what':<34} {'min':>7} {'median':>7} {'max':>7} {'x floor':>8}  note")
        for name, seconds, note in self.rows:
            ratio = f"{statistics.median(seconds) / floor:8.2f}" if floor and seconds else " " * 8
            target = TARGETS.get(name)
            if target is not None and floor:
                note = f"target <= {target}x floor; {note}"
            if name in SECONDS_TARGETS:
                note = f"target <= {SECONDS_TARGETS[name]:g} s; {note}"
            if name in AIMS:
                note = f"aim: {AIMS[name]}; {note}"
            low, mid, high = (min(seconds), statistics.median(seconds), max(seconds)) if seconds else (0, 0, 0)
            print(f"{name:<34} {low:7.1f} {mid:7.1f} {high:7.1f} {ratio}  {note}")


def floor_snippets() -> tuple[list[str], list[str]]:
    """(plain snippets, environment-setting ones): the floor runs the first kind one after
    another in one process, and each of the second in a process of its own."""
    plain, own_process = [], []
    for name in site_snippets():
        (own_process if load_snippet(ROOT / "snippets", name).env else plain).append(name)
    return plain, own_process


def run_plain(names: list[str]) -> dict:
    """tests/bench_floor.py's result for `names`: {"seconds", "ran", "failed"}."""
    output = subprocess.run([sys.executable, str(ROOT / "tests" / "bench_floor.py"), *names], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def run_alone(names: list[str]) -> float:
    """Wall seconds of running each of `names` as `python snippets/NAME`, one after another."""
    return sum(timed([sys.executable, f"snippets/{name}"], ROOT, check=False)[0] for name in names)


def target_compiles(project: Path = ROOT) -> list[tuple[str, str]]:
    """(snippet, target) for each compile a build runs for a directive's `targets=`, once each."""
    pairs: list[tuple[str, str]] = []
    for directive in site_directives(project):
        pairs += [(directive.path, target) for target in directive.targets if (directive.path, target) not in pairs]
    return pairs


def run_targets_alone(pairs: list[tuple[str, str]]) -> float:
    """Wall seconds of running each (snippet, target) as `python snippets/NAME` in the target's
    environment, one after another: what a reader with that environment would run."""
    settings = load_settings(ROOT)
    keys = {COMPILE_TARGETS[target].environment for _, target in pairs}
    pythons = {key: ensure_env(settings, key).python for key in keys}
    return sum(timed([pythons[COMPILE_TARGETS[target].environment], f"snippets/{name}"], ROOT,
                     dict(run_variables(target)), check=False)[0] for name, target in pairs)


def floor_section(table: Table, runs: int) -> None:
    settings_free, own_process = floor_snippets()
    compiles = target_compiles()
    plain, alone, targets, failed = [], [], [], set()
    for _ in range(runs):
        result = run_plain(settings_free)
        plain.append(result["seconds"])
        failed |= set(result["failed"])
        alone.append(run_alone(own_process))
        targets.append(run_targets_alone(compiles))
    note = (f"{len(settings_free)} plain in one process + {len(own_process)} each in its own "
            f"+ {len(compiles)} target compiles each in its own")
    table.add("  plain snippets, one process", plain, f"{len(settings_free)} snippets"
              + (f"; {len(failed)} raised there: {', '.join(sorted(failed)[:3])}..." if failed else ""))
    table.add("  environment-setting, one each", alone, f"{len(own_process)} snippets")
    table.add("  target compiles, one each", targets, f"{len(compiles)} (snippet, target) pairs, in their environments")
    table.add("one-process floor", [p + a + t for p, a, t in zip(plain, alone, targets)], note)


def builds_section(table: Table, runs: int, folder: Path, snippet: str = "pipeline/jaxpr.py") -> None:
    cache, site = folder / "builds-cache", folder / "builds-site"
    cold, warm, edited, notes = [], [], [], {}
    for _ in range(runs):
        shutil.rmtree(cache, ignore_errors=True)
        seconds, _, notes["cold"] = build(ROOT, cache, site)
        cold.append(seconds)
        seconds, _, notes["warm"] = build(ROOT, cache, site)
        warm.append(seconds)
        file = ROOT / "snippets" / snippet
        original = file.read_bytes()
        file.write_bytes(original + b"\n# benchmark edit\n")  # a real edit: a new cache key
        try:
            seconds, _, notes["edit"] = build(ROOT, cache, site)
        finally:
            file.write_bytes(original)
        edited.append(seconds)
    table.add("cold build", cold, notes["cold"])
    table.add("warm build", warm, notes["warm"])
    table.add(f"one snippet edited ({snippet})", edited, notes["edit"])


def serve_section(table: Table, runs: int, folder: Path, snippet: str = "pipeline/jaxpr.py") -> None:
    """Under a real `mkdocs serve` of a copy (edits never touch the checkout): time to the first
    page, then from saving an edit to the server giving the page that shows it."""
    project = bench_sites.copy_project(folder / "serve")
    chapter = next(page for page in sorted((project / "docs").glob("*.md"))
                   if f"live: {snippet}" in page.read_text(encoding="utf-8"))
    page = "" if chapter.stem == "index" else f"{chapter.stem}/"
    mount = published_path().lstrip("/")
    cache = folder / "serve-cache"
    cold, cold_cpu, every, warm, snippet_edits, chapter_edits, notes = [], [], [], [], [], [], {}
    file = project / "snippets" / snippet
    original_snippet, original_chapter = file.read_text(encoding="utf-8"), chapter.read_text(encoding="utf-8")
    for run in range(runs):
        shutil.rmtree(cache, ignore_errors=True)
        with Served(project, mount=mount, LIVE_CACHE_DIR=str(cache)) as served:
            cold.append(served.first_page_seconds)
            cold_cpu.append(served.first_page_cpu)
            every.append(served.all_outputs_in())
            notes["cold"] = next((line.split("live: ", 1)[1].strip() for line in served.log
                                  if "live: " in line and " snippets: " in line), "")
            notes["every"] = next((line.split("live: ", 1)[1].strip() for line in served.log
                                   if "behind the served pages, all" in line), "")
        with Served(project, mount=mount, LIVE_CACHE_DIR=str(cache)) as served:
            warm.append(served.first_page_seconds)
            try:
                marker = f"benchmark edit {run}"  # a new comment: new bytes, so the snippet runs again
                snippet_edits.append(served.saved_to_shown(file, f"{original_snippet}\n# {marker}\n", page, marker))
                marker = f"benchmarkparagraph{run}"
                chapter_edits.append(served.saved_to_shown(chapter, f"{original_chapter}\n{marker}\n", page, marker))
            finally:
                file.write_text(original_snippet, encoding="utf-8")
                chapter.write_text(original_chapter, encoding="utf-8")
    table.add("serve, empty cache: first page", cold, f"a fresh clone, {statistics.median(cold_cpu):.1f} core-s in "
              f"the server's process by then, about its wall time on an idle core (no snippet runs before it); "
              f"{notes['cold']}")
    table.add("serve, empty cache: every page run", every, f"to the rebuild with the last output; {notes['every']}")
    table.add("serve, full cache: first page", warm, "only failing snippets run (failures are never cached)")
    table.add("serve: snippet edit saved to shown", snippet_edits, f"snippets/{snippet} (it runs again), "
              f"docs/{chapter.name}")
    table.add("serve: chapter edit saved to shown", chapter_edits, f"a paragraph added to docs/{chapter.name}")


def warm_floor_section(table: Table, runs: int, folder: Path) -> None:
    capture = bench_sites.with_capture_hook(bench_sites.copy_project(folder / "capture"))
    cache = folder / "capture-cache"
    build(capture, cache, folder / "capture-site")  # fills the cache and captures every page
    baked = bench_sites.baked(capture, folder / "baked")
    floor = [build(baked, folder / "baked-cache", folder / "baked-site", strict=False)[0] for _ in range(runs)]
    warm = [build(capture, cache, folder / "capture-site")[0] for _ in range(runs)]
    table.add("warm floor (outputs baked in, no hooks)", floor, "MkDocs and the theme alone")
    table.add("warm build (same copy)", warm,
              f"engine's share: {statistics.median(warm) - statistics.median(floor):.2f} s (target <= 0.3 s)")


def pytest_docs_section(table: Table, runs: int) -> None:
    times = [timed([sys.executable, "-m", "pytest", "docs/", "-q", "-x"], ROOT)[0] for _ in range(runs)]
    table.add("pytest docs/", times, "every snippet fresh, every claim checked")


def memory_section(table: Table, folder: Path) -> None:
    cache = folder / "memory-cache"
    shutil.rmtree(cache, ignore_errors=True)
    seconds, peak, note = build(ROOT, cache, folder / "memory-site", sample_memory=True)
    table.add("cold build, memory sampled", [seconds], f"peak {peak / 2**20:.0f} MiB, all processes (PSS); {note}")


def scaling_section(table: Table, runs: int, folder: Path, factors: list[int]) -> None:
    for factor in factors:
        project = bench_sites.scaled(folder / f"scaled-{factor}", factor)
        count = len(site_snippets(project))
        cold, warm = [], []
        for run in range(runs):
            cache = folder / f"scaled-{factor}-cache"
            shutil.rmtree(cache, ignore_errors=True)
            cold.append(build(project, cache, folder / f"scaled-{factor}-site", strict=False)[0])
            warm.append(build(project, cache, folder / f"scaled-{factor}-site", strict=False)[0])
        table.add(f"{factor}x snippets: cold build", cold, f"{count} snippets, "
                  f"{statistics.median(cold) / count * 1000:.0f} ms per snippet")
        table.add(f"{factor}x snippets: warm build", warm, f"{statistics.median(warm) / count * 1000:.1f} ms "
                  "per unchanged snippet")
        shutil.rmtree(folder / f"scaled-{factor}", ignore_errors=True)


def core_seconds(run):
    """(what `run()` returns, the core-seconds its finished child processes used meanwhile)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return result, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cpu_section(table: Table, runs: int, folder: Path) -> None:
    settings_free, own_process = floor_snippets()
    compiles = target_compiles()
    floor_wall, floor_cpu, plain_cpu, alone_cpu, target_cpu, cold_wall, cold_cpu, notes = [], [], [], [], [], [], [], ""
    for _ in range(runs):
        started = time.perf_counter()
        _, plain = core_seconds(lambda: run_plain(settings_free))
        _, alone = core_seconds(lambda: run_alone(own_process))
        _, targets = core_seconds(lambda: run_targets_alone(compiles))
        floor_wall.append(time.perf_counter() - started)
        plain_cpu.append(plain)
        alone_cpu.append(alone)
        target_cpu.append(targets)
        floor_cpu.append(plain + alone + targets)
        cache = folder / "cpu-cache"
        shutil.rmtree(cache, ignore_errors=True)
        (wall, _, notes), cpu = core_seconds(lambda: build(ROOT, cache, folder / "cpu-site"))
        cold_wall.append(wall)
        cold_cpu.append(cpu)
    count = len(settings_free) + len(own_process) + len(compiles)
    cores = os.cpu_count() or 1
    extra = (statistics.median(cold_cpu) - statistics.median(floor_cpu)) / count
    table.add("floor (cpu run), wall", floor_wall)
    table.add("  plain snippets, core-seconds", plain_cpu, f"{len(settings_free)} in one process (with its import)")
    table.add("  environment-setting, core-seconds", alone_cpu, f"{len(own_process)} processes, each importing JAX")
    table.add("  target compiles, core-seconds", target_cpu, f"{len(compiles)} processes, in the targets' environments")
    table.add("floor, core-seconds", floor_cpu, "one process at a time, but XLA's own threads run beside it")
    table.add("cold build (cpu run), wall", cold_wall, notes)
    table.add("cold build, core-seconds", cold_cpu,
              f"{extra:.2f} core-s more than the floor per run ({count}); no schedule on {cores} cores "
              f"takes less than {statistics.median(cold_cpu) / cores:.0f} s wall "
              f"= {statistics.median(cold_cpu) / cores / statistics.median(floor_wall):.2f}x this floor")


def suite_section(table: Table, runs: int, folder: Path) -> None:
    """`uv run pytest` in a fresh clone, as a newcomer runs it after `pip install uv`."""
    uv = shutil.which("uv")
    if uv is None:
        sys.exit("the suite section needs uv on the PATH")
    env = {name: value for name, value in os.environ.items()
           if name not in ("CI", "UV_COMPILE_BYTECODE", "VIRTUAL_ENV") and not name.startswith("LIVE_")}
    times, cpu, notes = [], [], []
    for run in range(runs):
        clone = folder / f"suite-{run}"
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "checkout", "--quiet", "--detach", head], cwd=clone, check=True)
        subprocess.run([uv, "sync", "--quiet"], cwd=clone, env=env, check=True)
        load = os.getloadavg()[0]
        started = time.perf_counter()
        result, used = core_seconds(lambda: subprocess.run([uv, "run", "pytest"], cwd=clone, env=env,
                                                           capture_output=True, text=True))
        times.append(time.perf_counter() - started)
        cpu.append(used)
        summary = result.stdout.strip().splitlines()[-1].strip("= ") if result.stdout.strip() else "no output"
        if result.returncode != 0:  # a time is worth little without what failed: say which tests, here
            failed = [line for line in result.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
            print(f"  suite run {run + 1} failed:", *failed[:40], result.stderr[-2000:], sep="\n    ",
                  file=sys.stderr, flush=True)
        notes.append(f"{summary}; load {load:.1f} -> {os.getloadavg()[0]:.1f}")
        shutil.rmtree(clone, ignore_errors=True)
    table.add("suite: uv run pytest, fresh clone", times, " | ".join(notes))
    # What the suite's work costs, whatever its order: its processes' core-seconds over this machine's
    # cores is the least wall time any schedule of it could take here, the bound its target must respect.
    cores = os.cpu_count() or 1
    table.add("suite, core-seconds", cpu, f"no schedule on {cores} cores takes less than "
              f"{statistics.median(cpu) / cores:.0f} s wall")


def matrix_section(table: Table, folder: Path) -> None:
    """The published build's jobs (.github/workflows/docs.yml) for the pinned JAX and the compile
    targets, one after another in a fresh clone with an empty cache, as each job starts: the
    pinned CPU job, each target environment's job (its environment made, then its snippets), and
    the job that assembles the site from their results with LIVE_CACHED_ONLY. The older JAX
    versions' jobs are left out: each is a cold build in its own environment (the builds section
    and README say what one costs), and five of them take most of an hour here. Once each."""
    uv = shutil.which("uv")
    if uv is None:
        sys.exit("the matrix section needs uv on the PATH")
    env = {name: value for name, value in os.environ.items()
           if name not in ("CI", "UV_COMPILE_BYTECODE", "VIRTUAL_ENV") and not name.startswith("LIVE_")}
    clone = folder / "matrix"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    subprocess.run([uv, "sync", "--quiet"], cwd=clone, env=env, check=True)
    jobs = [("matrix: pinned job (CPU)", {"LIVE_VERSIONS": "pinned", "LIVE_TARGETS": "cpu"}),
            ("matrix: target-tpu job", {"LIVE_VERSIONS": "pinned", "LIVE_TARGETS": "tpu-v5e,tpu-v6e"}),
            ("matrix: target-cuda12 job", {"LIVE_VERSIONS": "pinned", "LIVE_TARGETS": "h100,a100"}),
            ("matrix: site job, nothing run", {"LIVE_VERSIONS": "pinned", "LIVE_CACHED_ONLY": "1"})]
    for name, variables in jobs:
        load = os.getloadavg()[0]
        seconds, _, _ = timed([uv, "run", "mkdocs", "build", "--strict"], clone, env=variables)
        table.add(name, [seconds], f"load {load:.1f} -> {os.getloadavg()[0]:.1f}")
    shutil.rmtree(clone, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--only", default=",".join(DEFAULT_SECTIONS),
                        help=f"sections, comma-separated: {', '.join(SECTIONS)} (default: all but cpu and suite)")
    parser.add_argument("--scales", default="1,2,4", help="copies of the site for the scaling section")
    args = parser.parse_args()
    chosen = args.only.split(",")
    unknown = set(chosen) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s) {', '.join(sorted(unknown))}; choose from {', '.join(SECTIONS)}")
    table = Table()
    with tempfile.TemporaryDirectory(prefix="benchmark-") as name:
        folder = Path(name)
        if "floor" in chosen:
            floor_section(table, args.runs)
        if "builds" in chosen:
            builds_section(table, args.runs, folder)
        if "serve" in chosen:
            serve_section(table, args.runs, folder)
        if "warm-floor" in chosen:
            warm_floor_section(table, args.runs, folder)
        if "pytest-docs" in chosen:
            pytest_docs_section(table, args.runs)
        if "memory" in chosen:
            memory_section(table, folder)
        if "scaling" in chosen:
            scaling_section(table, args.runs, folder, [int(f) for f in args.scales.split(",")])
        if "cpu" in chosen:
            cpu_section(table, args.runs, folder)
        if "suite" in chosen:
            suite_section(table, args.runs, folder)
        if "matrix" in chosen:
            matrix_section(table, folder)
    table.print()


if __name__ == "__main__":
    main()
