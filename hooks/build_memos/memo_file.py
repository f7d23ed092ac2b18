"""A dictionary of work already done, kept in one JSON file in the cache folder.

The warm-build caches (highlight_cache.py, search_cache.py) keep their results here,
so that a new `mkdocs build` process finds the work of the last one. Loaded once per
process and kept in memory: under `mkdocs serve` each rebuild reads the dictionary
as the last one left it.

A whole build `save`s with `prune=True`: the file then holds what that build used and
nothing more, as the snippet cache does (an edited page's old blocks do not pile up).
The file is replaced atomically (a temporary file, then a rename), so two builds at
once or a build killed mid-write never leave half a file; a file that does not parse,
or that another version of its owner wrote, counts as empty.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path


def source_version(*files: str) -> str:
    """Hash of the given source files: part of a memo's identity, so that an edit to the
    code that fills it never serves what the old code made."""
    sha = hashlib.sha256()
    for file in files:
        sha.update(Path(file).read_bytes() + b"\0")
    return sha.hexdigest()[:16]


def digest(*parts: str) -> str:
    """A key: the hash of the parts, each told apart from the next."""
    sha = hashlib.sha256()
    for part in parts:
        sha.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return sha.hexdigest()


class MemoFile:
    """Keyed results in `path`, written by code whose version is `version`."""

    def __init__(self, path: Path, version: str):
        self.path, self.version = path, version
        self.entries: dict[str, object] = self._read()
        self.used: set[str] = set()  # keys read or written since the last save
        self.recording: set[str] | None = None  # when a set: every key asked for, until set to None again
        self.changed = False

    def get(self, key: str):
        """The stored value, or None."""
        if self.recording is not None:
            self.recording.add(key)
        value = self.entries.get(key)
        if value is not None:
            self.used.add(key)
        return value

    def put(self, key: str, value) -> None:
        if self.recording is not None:
            self.recording.add(key)
        self.entries[key] = value
        self.used.add(key)
        self.changed = True

    def save(self, prune: bool) -> None:
        """Write the file if it changed; with `prune` (after a whole build), keep only what was used."""
        if prune and self.used != self.entries.keys():
            self.entries = {key: value for key, value in self.entries.items() if key in self.used}
            self.changed = True
        self.used = set()
        if not self.changed:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=f".writing-{self.path.name}-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                # json.dumps, not json.dump: dump encodes in Python, chunk by chunk, ten times slower here.
                file.write(json.dumps({"version": self.version, "entries": self.entries}, separators=(",", ":")))
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self.changed = False

    def _read(self) -> dict[str, object]:
        try:
            stored = json.loads(self.path.read_text(encoding="utf-8"))
            if stored["version"] == self.version and isinstance(stored["entries"], dict):
                return stored["entries"]
        except (OSError, ValueError, KeyError, TypeError):
            pass
        return {}


_open: dict[Path, MemoFile] = {}

def memo_file(path: Path, version: str) -> MemoFile:
    """The process's one MemoFile for `path`: read from disk the first time, then kept."""
    memo = _open.get(path)
    if memo is None or memo.version != version:
        memo = _open[path] = MemoFile(path, version)
    return memo
