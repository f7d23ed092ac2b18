"""Project settings for the engine, read from `[tool.live]` in pyproject.toml."""

from __future__ import annotations

import dataclasses
import os
import tomllib
from pathlib import Path


class SettingsError(ValueError):
    """A `[tool.live]` value the engine cannot use; the message names the file, the key and what to write."""


@dataclasses.dataclass(frozen=True)
class Settings:
    """Where things are and how snippets run. Every field has a default."""

    root: Path  # the repository root: paths on the page are relative to it
    snippets_dir: Path  # directives name files relative to this folder
    cache_dir: Path  # one folder, safe to delete: deleting it forces a cold build
    timeout: float = 120.0  # seconds a snippet may run; a directive can override it
    max_output_bytes: int = 2_000_000  # a snippet that prints more is stopped there; the page says so
    parallel: int = 0  # snippets run at once; 0 means one per core
    max_workers: int = 4  # worker processes kept alive (one per distinct JAX_* environment), each holding JAX

    @property
    def snippets_at_once(self) -> int:
        """How many snippets run at once."""
        return self.parallel or os.cpu_count() or 1


CACHE_DIR_VARIABLE = "LIVE_CACHE_DIR"  # a cold build without touching the checkout's cache

# key -> (type a value must have, its smallest value, what to write), for the number settings
NUMBERS = {
    "timeout": ((int, float), 1e-3, "a number of seconds, e.g. timeout = 120"),
    "max_output_bytes": ((int,), 1, "a whole number of bytes, e.g. max_output_bytes = 2_000_000"),
    "parallel": ((int,), 0, "a whole number of snippets run at once (0: one per core), e.g. parallel = 2"),
    "max_workers": ((int,), 1, "a whole number of worker processes, e.g. max_workers = 4"),
}
FOLDERS = ("snippets_dir", "cache_dir")
RENAMED = {"workers": "parallel"}  # old key -> new key: an old pyproject gets told, not ignored


def _cache_dir(root: Path, table: dict) -> Path:
    """`$LIVE_CACHE_DIR` if set, else `[tool.live] cache_dir` under the root."""
    override = os.environ.get(CACHE_DIR_VARIABLE)
    return Path(override).resolve() if override else root / table.get("cache_dir", ".cache/live")


def _read_table(pyproject: Path) -> dict:
    if not pyproject.is_file():
        return {}
    try:
        document = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(f"{pyproject}: not valid TOML ({error})") from None
    table = document.get("tool", {}).get("live", {})
    if not isinstance(table, dict):
        raise SettingsError(f"{pyproject}: [tool.live] must be a table of settings")
    return table


def _check(pyproject: Path, table: dict) -> None:
    """Every key known, every value of the right type and size; else a SettingsError naming both."""
    for old, new in RENAMED.items():
        if old in table:
            raise SettingsError(f"{pyproject}: [tool.live] {old} is now called {new} "
                                f"(it counts snippets run at once, not worker processes); rename the key")
    known = {*NUMBERS, *FOLDERS}
    unknown = sorted(set(table) - known)
    if unknown:
        raise SettingsError(
            f"{pyproject}: unknown key(s) in [tool.live]: {', '.join(unknown)}; "
            f"known keys are {', '.join(sorted(known))}"
        )
    for key, (types, lowest, example) in NUMBERS.items():
        if key not in table:
            continue
        value = table[key]
        # bool is an int to Python; `parallel = true` is a mistake, not 1
        if isinstance(value, bool) or not isinstance(value, types) or not value >= lowest:
            raise SettingsError(f"{pyproject}: [tool.live] {key} = {value!r} is not valid; write {example}")
    for key in FOLDERS:
        if key in table and not (isinstance(table[key], str) and table[key]):
            raise SettingsError(f"{pyproject}: [tool.live] {key} = {table[key]!r} is not valid; "
                                f"write a folder relative to the repository, e.g. {key} = \"snippets\"")


def load_settings(root: Path) -> Settings:
    """Read `[tool.live]` from `root/pyproject.toml`; a missing file or table means defaults.

    Raises SettingsError (a ValueError) naming the file and the key for anything it cannot use.
    """
    root = root.resolve()
    pyproject = root / "pyproject.toml"
    table = _read_table(pyproject)
    _check(pyproject, table)
    return Settings(
        root=root,
        snippets_dir=(root / table.get("snippets_dir", "snippets")).resolve(),
        cache_dir=_cache_dir(root, table),
        timeout=float(table.get("timeout", Settings.timeout)),
        max_output_bytes=table.get("max_output_bytes", Settings.max_output_bytes),
        parallel=table.get("parallel", Settings.parallel),
        max_workers=table.get("max_workers", Settings.max_workers),
    )
