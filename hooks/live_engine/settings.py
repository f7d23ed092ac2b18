"""Project settings for the engine, read from `[tool.live]` in pyproject.toml."""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from importlib import metadata
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
    records_dir: Path | None = None  # committed records of the pinned version's outputs (None: not checked)
    unrecorded: tuple[tuple[str, str], ...] = ()  # (snippet, why its output is not recorded): it varies by machine
    jax_pinned: str = ""  # the JAX version the lock file installs ("" : whatever is installed)
    jax_compare: tuple[str, ...] = ()  # older JAX versions the matrix runs, newest first
    jax_previous_pin: str = ""  # the pin before this one (one of jax_compare): the changes page leads with it
    jax_extras: tuple[str, ...] = ()  # packages snippets import besides JAX, installed in each older environment
    run_versions: tuple[str, ...] = ()  # the ones this build runs besides the pinned one (LIVE_VERSIONS, `versions`)
    changes_page: str = ""  # the generated "What changed between versions" page, relative to docs/ ("" : none)

    @property
    def snippets_at_once(self) -> int:
        """How many snippets run at once."""
        return self.parallel or os.cpu_count() or 1


CACHE_DIR_VARIABLE = "LIVE_CACHE_DIR"  # a cold build without touching the checkout's cache
VERSIONS_VARIABLE = "LIVE_VERSIONS"  # pinned, all, or some of jax_compare: overrides [tool.live] versions
VERSION = re.compile(r"\d+(\.\d+){1,3}")

# key -> (type a value must have, its smallest value, what to write), for the number settings
NUMBERS = {
    "timeout": ((int, float), 1e-3, "a number of seconds, e.g. timeout = 120"),
    "max_output_bytes": ((int,), 1, "a whole number of bytes, e.g. max_output_bytes = 2_000_000"),
    "parallel": ((int,), 0, "a whole number of snippets run at once (0: one per core), e.g. parallel = 2"),
    "max_workers": ((int,), 1, "a whole number of worker processes, e.g. max_workers = 4"),
}
FOLDERS = ("snippets_dir", "cache_dir", "records_dir")
OTHERS = ("unrecorded", "jax_pinned", "jax_compare", "jax_previous_pin", "jax_extras", "versions", "changes_page")
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
    known = {*NUMBERS, *FOLDERS, *OTHERS}
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
    unrecorded = table.get("unrecorded", {})
    if not isinstance(unrecorded, dict) or not all(isinstance(v, str) and v for v in unrecorded.values()):
        raise SettingsError(f"{pyproject}: [tool.live] unrecorded must map snippets to the reason their output "
                            f"varies by machine, e.g. unrecorded = {{\"versions.py\" = \"prints the Python version\"}}")
    pinned = table.get("jax_pinned", "")
    if not isinstance(pinned, str) or (pinned and not VERSION.fullmatch(pinned)):
        raise SettingsError(f"{pyproject}: [tool.live] jax_pinned = {pinned!r} is not valid; "
                            f"write the version uv.lock installs, e.g. jax_pinned = \"0.10.2\"")
    compare = table.get("jax_compare", [])
    if not isinstance(compare, list) or not all(isinstance(v, str) and VERSION.fullmatch(v) for v in compare) \
            or len(set(compare)) != len(compare) or pinned in compare:
        raise SettingsError(f"{pyproject}: [tool.live] jax_compare = {compare!r} is not valid; write a list of "
                            f"other JAX versions, each once, e.g. jax_compare = [\"0.4.38\", \"0.6.2\"]")
    previous = table.get("jax_previous_pin", "")
    if previous and previous not in compare:
        raise SettingsError(f"{pyproject}: [tool.live] jax_previous_pin = {previous!r} is not in jax_compare; "
                            f"the changes page compares the pin with it, so add it there too")
    extras = table.get("jax_extras", [])
    if not isinstance(extras, list) or not all(isinstance(v, str) and re.fullmatch(r"[A-Za-z0-9._-]+", v) for v in extras):
        raise SettingsError(f"{pyproject}: [tool.live] jax_extras = {extras!r} is not valid; write a list of "
                            f"package names, e.g. jax_extras = [\"flatbuffers\"]")
    if table.get("versions", "pinned") not in ("pinned", "all"):
        raise SettingsError(f"{pyproject}: [tool.live] versions = {table['versions']!r} is not valid; "
                            f"write versions = \"pinned\" (the default) or versions = \"all\"")
    page = table.get("changes_page", "")
    if not isinstance(page, str) or (page and not page.endswith(".md")):
        raise SettingsError(f"{pyproject}: [tool.live] changes_page = {page!r} is not valid; "
                            f"write a page name relative to docs/, e.g. changes_page = \"what-changed.md\"")


def _run_versions(pyproject: Path, table: dict) -> tuple[str, ...]:
    """The older versions this build runs: `$LIVE_VERSIONS` if set, else `[tool.live] versions`.

    pinned (or empty) runs none, all runs every jax_compare entry, and a comma-separated
    list runs those entries alone (each must be in jax_compare).
    """
    compare = tuple(table.get("jax_compare", []))
    wanted = os.environ.get(VERSIONS_VARIABLE, "").strip() or table.get("versions", "pinned")
    if wanted == "pinned":
        return ()
    if wanted == "all":
        return compare
    chosen = tuple(version.strip() for version in wanted.split(",") if version.strip())
    unknown = [version for version in chosen if version not in compare]
    if unknown:
        raise SettingsError(f"{VERSIONS_VARIABLE}={wanted!r}: {', '.join(unknown)} not in [tool.live] jax_compare "
                            f"of {pyproject} ({', '.join(compare) or 'empty'}); write pinned, all, or some of them, "
                            f"comma-separated")
    return chosen


def _check_pinned(pyproject: Path, pinned: str) -> None:
    """The version [tool.live] names must be the one installed: else every record and tab would lie."""
    try:
        installed = metadata.version("jax")
    except metadata.PackageNotFoundError:
        return  # no JAX here: the workers say so when they start
    if pinned and pinned != installed:
        raise SettingsError(f"{pyproject}: [tool.live] jax_pinned = {pinned!r}, but jax {installed} is installed; "
                            f"after changing the lock file, set jax_pinned = \"{installed}\"")


def load_settings(root: Path) -> Settings:
    """Read `[tool.live]` from `root/pyproject.toml`; a missing file or table means defaults.

    Raises SettingsError (a ValueError) naming the file and the key for anything it cannot use.
    """
    root = root.resolve()
    pyproject = root / "pyproject.toml"
    table = _read_table(pyproject)
    _check(pyproject, table)
    _check_pinned(pyproject, table.get("jax_pinned", ""))
    return Settings(
        root=root,
        snippets_dir=(root / table.get("snippets_dir", "snippets")).resolve(),
        cache_dir=_cache_dir(root, table),
        timeout=float(table.get("timeout", Settings.timeout)),
        max_output_bytes=table.get("max_output_bytes", Settings.max_output_bytes),
        parallel=table.get("parallel", Settings.parallel),
        max_workers=table.get("max_workers", Settings.max_workers),
        records_dir=(root / table["records_dir"]).resolve() if "records_dir" in table else None,
        unrecorded=tuple(sorted(table.get("unrecorded", {}).items())),
        jax_pinned=table.get("jax_pinned", ""),
        jax_compare=tuple(table.get("jax_compare", [])),
        jax_previous_pin=table.get("jax_previous_pin", ""),
        jax_extras=tuple(table.get("jax_extras", [])),
        run_versions=_run_versions(pyproject, table),
        changes_page=table.get("changes_page", ""),
    )
