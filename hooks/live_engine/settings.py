"""Project settings for the engine, read from `[tool.live]` in pyproject.toml."""

from __future__ import annotations

import dataclasses
import os
import tomllib
from pathlib import Path


@dataclasses.dataclass(frozen=True)
class Settings:
    """Where things are and how snippets run. Every field has a default."""

    root: Path  # the repository root: paths on the page are relative to it
    snippets_dir: Path  # directives name files relative to this folder
    cache_dir: Path  # one folder, safe to delete: deleting it forces a cold build
    timeout: float = 120.0  # seconds a snippet may run; a directive can override it
    max_output_bytes: int = 2_000_000  # output past this is cut, with a notice
    workers: int = 0  # snippets run at once; 0 means one per core

    @property
    def parallel(self) -> int:
        """How many snippets run at once."""
        return self.workers or os.cpu_count() or 1


CACHE_DIR_VARIABLE = "LIVE_CACHE_DIR"  # a cold build without touching the checkout's cache


def _cache_dir(root: Path, table: dict) -> Path:
    """`$LIVE_CACHE_DIR` if set, else `[tool.live] cache_dir` under the root."""
    override = os.environ.get(CACHE_DIR_VARIABLE)
    return Path(override).resolve() if override else root / table.get("cache_dir", ".cache/live")


def load_settings(root: Path) -> Settings:
    """Read `[tool.live]` from `root/pyproject.toml`; a missing file or table means defaults."""
    root = root.resolve()
    table: dict = {}
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        table = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}).get("live", {})
    known = {"snippets_dir", "cache_dir", "timeout", "max_output_bytes", "workers"}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ValueError(
            f"{pyproject}: unknown key(s) in [tool.live]: {', '.join(unknown)}; "
            f"known keys are {', '.join(sorted(known))}"
        )
    settings = Settings(
        root=root,
        snippets_dir=(root / table.get("snippets_dir", "snippets")).resolve(),
        cache_dir=_cache_dir(root, table),
        timeout=float(table.get("timeout", Settings.timeout)),
        max_output_bytes=int(table.get("max_output_bytes", Settings.max_output_bytes)),
        workers=int(table.get("workers", Settings.workers)),
    )
    for key, value, lowest in (("timeout", settings.timeout, 1e-9), ("max_output_bytes", settings.max_output_bytes, 1),
                               ("workers", settings.workers, 0)):
        if not value >= lowest:
            raise ValueError(f"{pyproject}: [tool.live] {key} = {value} must be at least {lowest:g}")
    return settings
