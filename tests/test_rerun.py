"""A reader can run every snippet twice: the same output both times, and a clean checkout after.

Snippets that write files (XLA dump folders, JAX_DUMP_IR_TO, snapshots) call
`fresh_folder(__file__)` from `snippets/scratch.py` first, which moves them into an
emptied `scratch/CHAPTER/NAME/` (git-ignored) under the folder they were started from.

The slow test holds every snippet to that. It copies docs/, snippets/ and
pyproject.toml into a temporary folder and runs each snippet a chapter shows from that
copy's root, `python -u snippets/X.py`, as the README tells a reader to. A run that
leaves new or changed files makes the snippet a file-writer (found by looking, not
from a list); a file-writer runs a second time on top of the first run's files, and
the test fails when the two normalized outputs differ, when a run fails, or when
anything is left outside `scratch/`. It imports JAX once per run, so it takes
minutes: `uv run pytest -m slow tests/test_rerun.py`.

The fast test checks the convention where it is cheap to: in every snippet that
imports `fresh_folder`, the call comes first, before any statement that could write.
"""

from __future__ import annotations

import ast
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from live_engine.directives import parse_page
from live_engine.normalize import Places, normalize

try:
    from live_engine.environment import worker_environment
except ImportError:  # where it lived before the engine's environment module
    from live_engine.workers import worker_environment

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
SCRATCH = "scratch"
COPIED = ("docs", "snippets", "pyproject.toml")
# Python's own bytecode cache (git-ignored) is not something a snippet writes.
NOT_WRITTEN = shutil.ignore_patterns("__pycache__", SCRATCH)


def shown_snippets() -> list[str]:
    """Every snippet a chapter shows, as a path relative to snippets/."""
    names = set()
    for chapter in sorted((ROOT / "docs").rglob("*.md")):
        page = parse_page(chapter.read_text(encoding="utf-8"), chapter.relative_to(ROOT).as_posix())
        names |= {path for directive in page.directives for path in directive.paths}
    return sorted(names)


def make_copy(folder: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, symlinks=True, ignore=NOT_WRITTEN)
        else:
            shutil.copy2(source, folder / name)


def state(root: Path) -> dict[str, tuple]:
    """Every file, symlink and folder under root, with what would show a change to it."""
    found = {}
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        here = Path(folder)
        for name in subfolders + files:
            path = here / name
            info = path.lstat()
            kind = "link" if path.is_symlink() else "dir" if path.is_dir() else "file"
            found[path.relative_to(root).as_posix()] = (kind, None if kind == "dir" else info.st_size,
                                                        None if kind == "dir" else info.st_mtime_ns)
    return found


def run(copy: Path, name: str) -> tuple[int, str]:
    result = subprocess.run([sys.executable, "-u", f"snippets/{name}"], cwd=copy, env=worker_environment(()),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    places = Places(copy, copy, (Path(tempfile.gettempdir()),))
    return result.returncode, normalize(result.stdout, places).rstrip("\n")


def outside_scratch(before: dict, after: dict) -> list[str]:
    return sorted(path for path in after.keys() | before.keys()
                  if after.get(path) != before.get(path) and path.split("/")[0] != SCRATCH)


def restore(copy: Path, before: dict, after: dict) -> None:
    """Remove what a run left outside scratch/, so that the next snippet is judged on its own."""
    for path in sorted(after.keys() - before.keys(), reverse=True):
        if path.split("/")[0] != SCRATCH:
            target = copy / path
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target, ignore_errors=True)
            elif target.exists() or target.is_symlink():
                target.unlink()


def check(copy: Path, name: str, writers: list[str]) -> list[str]:
    """Run NAME once; if it wrote anything, run it again. What went wrong, one line each."""
    before = state(copy)
    code, first = run(copy, name)
    after = state(copy)
    if code != 0:
        restore(copy, before, after)
        return [f"{name}: the first run exited with {code}:\n{first[-2000:]}"]
    if after == before:
        return []
    writers.append(name)
    problems = [f"{name}: left {path} outside {SCRATCH}/ (call fresh_folder(__file__) first)"
                for path in outside_scratch(before, after)]
    code, second = run(copy, name)
    again = state(copy)
    problems += [f"{name}: the second run left {path} outside {SCRATCH}/"
                 for path in outside_scratch(after, again) if path not in outside_scratch(before, after)]
    if code != 0:
        problems.append(f"{name}: the second run exited with {code}:\n{second[-2000:]}")
    elif second != first:
        problems.append(f"{name}: the second run printed something else:\n{diff(first, second)}")
    restore(copy, before, again)
    return problems


def diff(first: str, second: str) -> str:
    import difflib

    lines = difflib.unified_diff(first.splitlines(), second.splitlines(), "first run", "second run", lineterm="", n=1)
    return "\n".join(list(lines)[:40])


@pytest.mark.slow
def test_every_snippet_run_twice_prints_the_same_and_leaves_the_checkout_clean(tmp_path):
    names = shown_snippets()
    todo: queue.Queue[str] = queue.Queue()
    for name in names:
        todo.put(name)
    problems: list[str] = []
    writers: list[str] = []

    def worker(copy: Path) -> None:
        make_copy(copy)
        while True:
            try:
                name = todo.get_nowait()
            except queue.Empty:
                return
            problems.extend(check(copy, name, writers))

    # One copy per core, each running its snippets one after another from its root.
    threads = [threading.Thread(target=worker, args=(tmp_path / f"copy{i}",)) for i in range(os.cpu_count() or 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(problems) == [], f"{len(writers)} of {len(names)} snippets write files"
    assert writers, "no snippet wrote a file: the detection is broken"


def calls_fresh_folder(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and ast.unparse(node.value) == "fresh_folder(__file__)")


def test_a_snippet_using_scratch_moves_there_before_anything_else():
    """`from scratch import fresh_folder` and `fresh_folder(__file__)` are its first two statements."""
    problems = []
    for file in sorted(SNIPPETS.rglob("*.py")):
        if file.is_symlink() or file.name == "scratch.py":
            continue
        body = ast.parse(file.read_text(encoding="utf-8")).body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        imports = [n for n in ast.walk(ast.Module(body, [])) if isinstance(n, (ast.Import, ast.ImportFrom))
                   and "scratch" in ([a.name for a in n.names] if isinstance(n, ast.Import) else [n.module])]
        if not imports:
            continue
        name = file.relative_to(ROOT).as_posix()
        first = [ast.unparse(node) for node in body[:1]]
        if first != ["from scratch import fresh_folder"] or len(body) < 2 or not calls_fresh_folder(body[1]):
            problems.append(f"{name}: start with `from scratch import fresh_folder` then `fresh_folder(__file__)`")
    assert problems == []
