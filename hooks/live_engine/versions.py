"""The version matrix: one environment per older JAX release, made with uv inside the cache folder.

The pinned JAX is the one this interpreter has (uv.lock installs it). Every other
version named in `[tool.live] jax_compare` gets its own virtual environment, made on
first use at CACHE/jax-VERSION/env/ with the same Python: jax and jaxlib at that
version, the extra packages snippets import (`jax_extras`) at the lock's versions,
and, where that version allows, the lock's numpy, scipy and ml_dtypes too, so that
a difference between two outputs comes from JAX and XLA, not from numpy's printing.
It is made again when what it was made from changes (ready.json records it).

Its results are cached at CACHE/jax-VERSION/results/, apart from the pinned ones:
a build that runs the pinned version alone prunes its own entries and never these.
Deleting the cache folder deletes the environments with it.

A compile target's environment (targets.py: the pinned JAX and a TPU's or a GPU's
compiler plugin) is made the same way, at CACHE/target-NAME/, and named by its key
("tpu", "cuda12") wherever an older environment is named by its version.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import hashlib
import json
import os
import shutil
import site
import subprocess
import sys
import time
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Iterator, TextIO

from .settings import Settings
from .targets import ENVIRONMENTS

READY = "ready.json"  # written last: an environment without it is half made, and made again
IN_USE = ".in-use"  # shared by builds running snippets in the environment; making it again takes it alone
INSTALL_SECONDS = 900.0
# What to do when an environment cannot be made: versions = "all" in [tool.live] would
# make "build without LIVE_VERSIONS" wrong advice; the variable overrides the setting.
PINNED_ALONE = "build the pinned version alone with LIVE_VERSIONS=pinned"
ENVIRONMENTS_VARIABLE = "LIVE_TARGET_ENVIRONMENTS"  # where target environments live, if not in the cache folder
CPU_ALONE = "build for the CPU alone with LIVE_TARGETS=cpu"  # the same advice, for a target environment
NO_SOLUTION = "No solution found"  # what uv says when the pins cannot all hold (not when a download fails)
OFFLINE = "network was disabled"  # ...and its hint when that is only because it runs offline (UV_OFFLINE)


class VersionEnvError(RuntimeError):
    """An older JAX's environment could not be made; the message says what uv said."""

    def __init__(self, message: str, said: str = ""):
        super().__init__(message)
        self.said = said  # uv's own output, for telling an unsatisfiable pin from a failed download


@dataclasses.dataclass(frozen=True)
class JaxEnv:
    """An interpreter with one JAX version, and where its packages are."""

    version: str
    python: str  # the interpreter workers run
    site_packages: tuple[str, ...]  # its package folders: outputs name them <site-packages>
    pinned: bool = False
    made: str = ""  # digest of its ready.json: an environment made again has its packages read afresh
    key: str = ""  # what names it: its version for an older JAX, else a target environment's name ("tpu")
    # The identity (toolchain, packages) an environment job recorded beside its results, for a build
    # that only reads results (LIVE_CACHED_ONLY) and never makes the environment: JSON, or "".
    recorded: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.version)

    @property
    def target(self) -> bool:
        """A compile target's environment (targets.py), not an older JAX's."""
        return self.key in ENVIRONMENTS

    @property
    def label(self) -> str:
        return ENVIRONMENTS[self.key].label if self.key in ENVIRONMENTS else f"jax {self.version}"


@cache
def pinned_env() -> JaxEnv:
    """This interpreter, with the JAX uv.lock installs."""
    folders = [*site.getsitepackages()] + ([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])
    return JaxEnv(metadata.version("jax"), sys.executable, tuple(folders), pinned=True)


def version_folder(settings: Settings, version: str, results: bool = False) -> Path:
    """CACHE/jax-VERSION (or CACHE/target-NAME for a target environment): its environment and its results.

    With $LIVE_TARGET_ENVIRONMENTS set, a target's environment (not its results) lives in that
    folder instead, where several caches can share it: the test suite builds sites in
    temporary caches, and making both target environments again costs about two minutes."""
    name = f"target-{version}" if version in ENVIRONMENTS else f"jax-{version}"
    shared = os.environ.get(ENVIRONMENTS_VARIABLE)
    if shared and not results and version in ENVIRONMENTS:
        return Path(shared) / name
    return settings.cache_dir / name


def _named(version: str) -> str:
    """How messages name an environment: "jax 0.11.2", or "the tpu target environment"."""
    return f"the {version} target environment" if version in ENVIRONMENTS else f"jax {version}"


def _alone(version: str) -> str:
    """What to do instead when this environment cannot be made."""
    return CPU_ALONE if version in ENVIRONMENTS else PINNED_ALONE


def jax_version(settings: Settings, version: str) -> str:
    """The JAX an environment holds: its own version, or the pinned one for a target's."""
    return pinned_env().version if version in ENVIRONMENTS else version


def results_folder(settings: Settings, version: str) -> Path:
    return version_folder(settings, version, results=True) / "results"


# In an environment's results folder: what its cache keys were made from (JSON, not named *.json,
# which are the folder's entries)
IDENTITY = "environment.identity"


def record_identity(settings: Settings, env: JaxEnv, identity: dict) -> None:
    """Write `identity` (cache.environment_identity) beside the results of `env`, where the
    published build's last job, which carries the results and not the environments, finds it."""
    path = results_folder(settings, env.key) / IDENTITY
    text = json.dumps({"version": env.key, "identity": identity}, sort_keys=True, indent=1) + "\n"
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)


def recorded_env(settings: Settings, version: str) -> JaxEnv | None:
    """The environment for `version` as its results recorded it (record_identity): enough to find
    its outputs in the cache, not to run anything. None if no build recorded it here."""
    try:
        recorded = json.loads((results_folder(settings, version) / IDENTITY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(recorded, dict) or recorded.get("version") != version or not isinstance(recorded.get("identity"), dict):
        return None
    return JaxEnv(jax_version(settings, version), "", (), key=version,
                  recorded=json.dumps(recorded["identity"], sort_keys=True))


def existing_env(settings: Settings, version: str) -> JaxEnv | None:
    """The environment for `version` if it was made completely, else None."""
    folder = version_folder(settings, version) / "env"
    try:
        text = (folder / READY).read_text(encoding="utf-8")
        ready = json.loads(text)
    except (OSError, ValueError):
        return None
    python = folder / "bin" / "python"
    if not isinstance(ready, dict) or ready.get("version") != version or not python.exists() \
            or not isinstance(ready.get("site_packages"), list) or not _made_from_now(settings, version, ready):
        return None
    return JaxEnv(jax_version(settings, version), str(python), tuple(ready["site_packages"]),
                  made=hashlib.sha256(text.encode()).hexdigest(), key=version)


def _made_from(settings: Settings, version: str, names: set[str] | None = None) -> dict:
    """What an environment is made from: this Python, what it installs, and the lock's versions
    of the packages it holds (`names`; all when None). A constraint on a package it does not
    hold (mkdocs, say) changes nothing in it, so raising that one in the lock remakes nothing."""
    wanted, constraints = requirements(settings, version)
    held = [line for line in constraints if names is None or line.partition("==")[0] in names]
    return {"python": sys.version, "wanted": wanted, "constraints": held}


def _made_from_now(settings: Settings, version: str, ready: dict) -> bool:
    """Whether the environment was made from what it would be made from now. Else (jax_extras
    edited, the lock raised numpy, uv.lock's Python changed) it is made again: its outputs would
    otherwise come from an environment the settings no longer describe."""
    made = ready.get("made_from")
    if not isinstance(made, dict) or not isinstance(made.get("constraints"), list):
        return False  # made before environments recorded this: what it holds is unknown
    names = {line.partition("==")[0] for line in made["constraints"]}
    return made == _made_from(settings, version, names)


def ensure_env(settings: Settings, version: str, log=None) -> JaxEnv:
    """The environment for `version`, made now (with uv, under a lock) if it is missing.

    Two builds at once wait for each other: one makes it, the other finds it made.
    """
    found = existing_env(settings, version)
    if found is not None:
        return found
    folder = version_folder(settings, version)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # say why the build stands still (making one can take minutes)
            if log:
                log(f"waiting for another build that is making the environment for {_named(version)}")
            fcntl.flock(lock, fcntl.LOCK_EX)
        found = existing_env(settings, version)
        if found is None:
            started = time.monotonic()
            with _nobody_using(folder, version, log):
                if log:
                    log(f"making the environment for {_named(version)} in {folder / 'env'} (once)")
                _make(settings, version, folder / "env", log)
            found = existing_env(settings, version)
            if found is None:
                raise VersionEnvError(f"{_named(version)}: the environment at {folder / 'env'} is incomplete")
            if log:
                log(f"made the environment for {_named(version)} in {time.monotonic() - started:.1f} s")
    return found


def hold_env(settings: Settings, version: str, log=None) -> tuple[JaxEnv, TextIO]:
    """The environment for `version`, made if missing, and an open lock file that keeps it:
    while it is open no other build removes the environment to make it again (for another
    uv.lock, say, when checkouts share one LIVE_CACHE_DIR). Close it when its workers are done."""
    while True:
        env = ensure_env(settings, version, log)
        held = open(version_folder(settings, version) / IN_USE, "w")
        try:
            fcntl.flock(held, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:  # another build is making it again: minutes, maybe
            if log:
                log(f"waiting for another build that is making the environment for {_named(version)} again")
            fcntl.flock(held, fcntl.LOCK_SH)
        if existing_env(settings, version) == env:
            return env, held
        held.close()  # made again between the two steps: take the new one


@contextlib.contextmanager
def _nobody_using(folder: Path, version: str, log=None) -> Iterator[None]:
    """Hold the environment's use lock alone: every build running snippets in it has finished."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / IN_USE, "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if log:
                log(f"waiting for another build running snippets on {_named(version)}: its environment was made from "
                    f"another uv.lock or other settings, and this build must make it again (checkouts with "
                    f"different locks keep both when each has its own LIVE_CACHE_DIR)")
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def uv_command() -> str:
    """uv itself: the one `uv run` started us with, else the one on PATH."""
    found = os.environ.get("UV") or shutil.which("uv")
    if not found:
        raise VersionEnvError("the version matrix and the compile targets need uv (https://docs.astral.sh/uv/) to "
                              f"make their environments; install it (pip install uv), or {PINNED_ALONE} "
                              f"and {CPU_ALONE}")
    return found


@cache
def _installed_here() -> dict[str, str]:
    """name -> version of every distribution this interpreter holds. Read once per process, as
    cache.installed_packages reads them for the keys: reading every METADATA file takes about
    0.1 s, and existing_env asks at every target run and every test item that reads one."""
    return {dist.metadata["Name"].lower(): dist.version for dist in metadata.distributions()
            if dist.metadata["Name"]}


def requirements(settings: Settings, version: str) -> tuple[list[str], list[str]]:
    """(what to install, constraints): jax and jaxlib at `version`, the extras at the lock's versions,
    and the lock's version of every other installed package as a constraint. A target environment
    (`version` names one) holds the pinned jax and jaxlib and the target's compiler plugin."""
    installed = _installed_here()
    jax = jax_version(settings, version)
    wanted = [f"jax=={jax}", f"jaxlib=={jax}"]
    if version in ENVIRONMENTS:
        wanted += [package.format(jax=jax) for package in ENVIRONMENTS[version].packages]
    wanted += [f"{name}=={installed[name.lower()]}" if name.lower() in installed else name
               for name in settings.jax_extras]
    constraints = [f"{name}=={found}" for name, found in sorted(installed.items())
                   if name not in ("jax", "jaxlib") and not name.startswith("jax-")
                   and name not in {extra.lower() for extra in settings.jax_extras}]
    return wanted, constraints


def _make(settings: Settings, version: str, env: Path, log=None) -> None:
    uv = uv_command()
    shutil.rmtree(env, ignore_errors=True)  # half made (a build was killed), or made from what is no longer asked for
    base = getattr(sys, "_base_executable", sys.executable)
    _uv([uv, "venv", "--quiet", "--python", base, str(env)], version)
    python = env / "bin" / "python"
    wanted, constraints = requirements(settings, version)
    constraint_file = env / "constraints.txt"
    constraint_file.write_text("\n".join(constraints) + "\n", encoding="utf-8")
    # Bytecode now: a worker, and every snippet that imports more of JAX, would compile it
    # from source each time where writing .pyc files is forbidden (PYTHONDONTWRITEBYTECODE).
    install = [uv, "pip", "install", "--quiet", "--compile-bytecode", "--python", str(python)]
    try:
        _uv([*install, "--constraint", str(constraint_file), *wanted], version)
    except VersionEnvError as error:
        if NO_SOLUTION not in error.said or OFFLINE in error.said:
            raise  # offline: without the pins uv could take other versions from its cache, quietly
        # This version needs another numpy or scipy than the lock's: let uv choose them, and say so.
        if log:
            log(f"{_named(version)} cannot have the lock's versions of every package; uv chooses them instead")
        _uv([*install, *wanted], version)
    purelib = subprocess.run([str(python), "-c", "import site; print('\\n'.join(site.getsitepackages()))"],
                             capture_output=True, text=True, check=True).stdout.split()
    held = {dist.metadata["Name"].lower() for dist in metadata.distributions(path=purelib) if dist.metadata["Name"]}
    ready = {"version": version, "site_packages": purelib, "made_from": _made_from(settings, version, held)}
    (env / READY).write_text(json.dumps(ready), encoding="utf-8")


def _uv(command: list[str], version: str) -> None:
    step = f"uv {' '.join(word for word in command[1:3] if not word.startswith('-'))}"  # uv venv, uv pip install
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_SECONDS,
                                env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"})
    except subprocess.TimeoutExpired:
        raise VersionEnvError(f"{_named(version)}: `{step}` took over {INSTALL_SECONDS:.0f} s; try again, "
                              f"or {_alone(version)}") from None
    except OSError as error:  # $UV names a uv that is gone, or is not executable
        raise VersionEnvError(f"{_named(version)}: could not start uv ({command[0]}): {error.strerror}; "
                              f"install uv (pip install uv) or fix $UV, or {_alone(version)}") from None
    if result.returncode != 0:
        said = (result.stderr or result.stdout).strip()
        raise VersionEnvError(f"{_named(version)}: `{step}` failed, so its environment could not be made; "
                              f"making it needs a connection to PyPI, once (or uv's cache); try again, "
                              f"or {_alone(version)}. uv said:\n{said}", said)
