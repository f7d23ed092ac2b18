"""Records: the pinned version's normalized output of each snippet, committed next to the chapters.

One text file per snippet, `records/PATH.txt` for `snippets/PATH` (the folder is
`records_dir` in `[tool.live]`), holding exactly what the page shows. `pytest docs/`
compares each fresh output with its record and fails with a unified diff when they
differ; `pytest docs/ --accept-outputs` writes the new outputs instead. So raising
JAX in the lock file and accepting shows, in one commit's diff, every output that
changed, file by file, line by line.

A snippet whose output varies by machine (the Python version, the core count) is
listed in `[tool.live] unrecorded` with the reason, and has no record.

A snippet compiled for targets (targets.py) has one more record per target,
`records/compiled-for/TARGET/PATH.txt`, compared and accepted the same way.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from pathlib import Path

from .settings import Settings

SUFFIX = ".txt"
TARGETS_FOLDER = "compiled-for"
ACCEPT_OPTION = "--accept-outputs"


def record_path(settings: Settings, snippet: str, target: str | None = None) -> Path | None:
    """Where the record of `snippet` (compiled for `target`, or the CPU) lives; None when records
    are off or the snippet is unrecorded."""
    if settings.records_dir is None or snippet in dict(settings.unrecorded):
        return None
    folder = settings.records_dir / TARGETS_FOLDER / target if target else settings.records_dir
    return folder / f"{snippet}{SUFFIX}"


def check(settings: Settings, snippet: str, output: str, target: str | None = None) -> str | None:
    """None when `output` is what the record holds (or nothing is recorded); else what to tell the author."""
    path = record_path(settings, snippet, target)
    if path is None:
        return None
    shown = path.relative_to(settings.root)
    try:
        recorded = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return (f"snippets/{snippet} has no record ({shown}); run `uv run pytest docs/ {ACCEPT_OPTION}` "
                f"to write it, and commit it")
    if recorded == output:
        return None
    snippet += f" compiled for {target}" if target else ""
    return (f"snippets/{snippet}: the output no longer matches its record {shown} "
            f"(- recorded, + this run); if the change is expected, run `uv run pytest docs/ {ACCEPT_OPTION}` "
            f"and commit the record\n" + diff(recorded, output, f"{shown}", "this run"))


def accept(settings: Settings, snippet: str, output: str, target: str | None = None) -> bool:
    """Write `output` as the record of `snippet` (compiled for `target`); True if the file changed."""
    path = record_path(settings, snippet, target)
    if path is None:
        return False
    try:
        if path.read_text(encoding="utf-8") == output:
            return False
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".record-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(output)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True


def orphans(settings: Settings, snippets: set[str], targeted: set[tuple[str, str]] = frozenset()) -> list[Path]:
    """Record files that belong to no snippet in `snippets` (nor to a (snippet, target) pair in
    `targeted`): a deleted or renamed snippet's, and an `unrecorded` snippet's (its output varies
    by machine, so a record of it would mislead)."""
    if settings.records_dir is None or not settings.records_dir.is_dir():
        return []
    wanted = {record_path(settings, name) for name in snippets} - {None}
    wanted |= {record_path(settings, name, target) for name, target in targeted} - {None}
    return sorted(path for path in settings.records_dir.rglob(f"*{SUFFIX}") if path not in wanted)


def diff(old: str, new: str, old_label: str, new_label: str) -> str:
    """A unified diff of two outputs, every line ended, a missing final newline said as diff says it."""
    lines = difflib.unified_diff(_lines(old), _lines(new), old_label, new_label, n=3)
    return "".join(lines).rstrip("\n")


def _lines(text: str) -> list[str]:
    """Lines ended by '\\n' only (an output may hold form feeds or U+2028, which are not line ends here)."""
    *lines, last = text.split("\n")
    lines = [line + "\n" for line in lines]
    return lines + [last + "\n\\ No newline at end of file\n"] if last else lines
