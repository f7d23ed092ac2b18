"""The result cache: one JSON file per snippet run, keyed on all that can change it.

Reading the cache never imports JAX: the versions in the key come from package
metadata. Entries are written atomically (a temporary file, then a rename), so two
builds at once or a build killed mid-write never leave a half entry under a real
name; an entry that does not parse, or that another engine version wrote, is a miss.

The cache remembers which entries it handed out or stored (`used`); after a whole
build the front door removes every other entry (`prune`), so the folder holds what
the site needs now and nothing that an old version of a snippet left behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import shutil
import site
import sys
import tempfile
import time
from functools import cache
from importlib import metadata
from pathlib import Path

from . import ENGINE_VERSION
from .snippets import Snippet
from .versions import JaxEnv

KEY = re.compile(r"[0-9a-f]{64}")
TEMPORARY_PREFIX = ".writing-"
ABANDONED_WRITE_SECONDS = 3600.0  # a temporary file this old belongs to a build that was killed


@cache
def toolchain() -> dict[str, str]:
    """What produced the outputs, as stamped on the site and put in every key."""
    return {
        "python": platform.python_version(),
        "jax": metadata.version("jax"),
        "jaxlib": metadata.version("jaxlib"),
        "platform": f"{platform.system()}-{platform.machine()}",
    }


@cache
def version_toolchain(jax: str, site_packages: tuple[str, ...], made: str = "") -> dict[str, str]:
    """The toolchain of an older JAX's environment (the version matrix): same Python, its jax and jaxlib.

    `made` (JaxEnv.made) changes when the environment is made again in the same folder, so that
    `mkdocs serve` reads the new one's versions rather than the remembered ones."""
    versions = {dist.metadata["Name"].lower(): dist.version
                for dist in metadata.distributions(path=[f for f in site_packages if os.path.isdir(f)])
                if dist.metadata["Name"]}
    return toolchain() | {"jax": versions.get("jax", jax), "jaxlib": versions.get("jaxlib", jax)}


def installed_distributions(site_packages: tuple[str, ...] | None = None) -> list[str]:
    """'name==version' of every distribution a worker can import, sorted.

    Workers run this interpreter with no PYTHONPATH, so what they can import is what
    its site folders hold; an older JAX's workers, what its environment's hold.
    """
    folders = list(site_packages) if site_packages is not None else \
        [*site.getsitepackages()] + ([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])
    return sorted({f"{dist.metadata['Name']}=={dist.version}".lower()
                   for dist in metadata.distributions(path=[f for f in folders if os.path.isdir(f)])
                   if dist.metadata["Name"]})


@cache
def installed_packages(site_packages: tuple[str, ...] | None = None, made: str = "") -> str:
    """Hash of every installed distribution and its version, for the cache keys.

    Outputs depend on more than jax: one snippet prints numpy's version, another checks
    for flatbuffers, and numpy's printing rules shape every array shown. `made`: as for
    version_toolchain (an older environment made again in the same folder).
    """
    return hashlib.sha256("\n".join(installed_distributions(site_packages)).encode()).hexdigest()


# Set in the published build's last job, which assembles the site from the caches the jobs before
# it filled (one per environment, .github/workflows/docs.yml): a snippet missing from the cache
# is then an error, not a run, so that job is known to have run nothing.
CACHED_ONLY_VARIABLE = "LIVE_CACHED_ONLY"


class NotCachedError(RuntimeError):
    """Snippets had to run while LIVE_CACHED_ONLY said every output is in the cache."""


def environment_identity(env: JaxEnv) -> dict:
    """What of an older JAX's or a target's environment goes into its cache keys: its toolchain
    and a hash of its packages, read from the environment, or as a job that had it recorded them
    (versions.recorded_env)."""
    if env.recorded:
        return json.loads(env.recorded)
    return {"toolchain": version_toolchain(env.version, env.site_packages, env.made),
            "packages": installed_packages(env.site_packages, env.made)}


def cache_key(snippet: Snippet, max_output_bytes: int, env: JaxEnv | None = None) -> str:
    """Hash of the snippet and its local modules as read, its environment, the installed
    packages, the toolchain and the engine's own source.

    `env` is an older JAX's environment (the version matrix); None, or the pinned one,
    is this interpreter's, and its keys are the same as without the matrix.
    """
    older = env is not None and not env.pinned
    identity = environment_identity(env) if older else {"toolchain": toolchain(), "packages": installed_packages()}
    material = {
        "engine": ENGINE_VERSION,
        "toolchain": identity["toolchain"],
        "python_build": sys.version,
        "packages": identity["packages"],
        "snippet": snippet.name,
        "code": snippet.digest,
        "env": snippet.env,
        "max_output_bytes": max_output_bytes,
    }
    if older:
        material["jax_env"] = env.key  # an older version, or a target's environment
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()


class ResultCache:
    """Outputs of successful runs, by key, in one folder that is safe to delete."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.used: set[str] = set()  # keys read or written since this object was made (or `used` was cleared)

    def get(self, key: str) -> str | None:
        """The cached output, or None when absent, unreadable or from another engine version."""
        path = self._path(key)
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            if entry["engine"] == ENGINE_VERSION and entry["key"] == key:
                self.used.add(key)
                return entry["output"]
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError):
            pass
        path.unlink(missing_ok=True)  # corrupt or stale: recompute, never show
        return None

    def put(self, key: str, output: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        entry = json.dumps({"engine": ENGINE_VERSION, "key": key, "output": output})
        handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=TEMPORARY_PREFIX)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(entry)
            os.replace(temporary, self._path(key))
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self.used.add(key)

    def files_for(self, key: str) -> Path:
        """A folder for files that belong to entry `key` (an executed notebook); pruned with it."""
        return self.folder / key

    def prune(self, keep: set[str]) -> int:
        """Remove every entry (and its folder of files) whose key is not in `keep`; return how many.

        Only names this class makes are touched: a folder given as LIVE_CACHE_DIR may
        hold other things. Call it after a whole build, with the keys that build used.
        """
        if not self.folder.is_dir():
            return 0
        removed = 0
        for path in self.folder.iterdir():
            stem = path.name.removesuffix(".json")
            if KEY.fullmatch(stem) and stem not in keep:
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)  # an entry's files: counted with its entry
                else:
                    path.unlink(missing_ok=True)
                    removed += 1
            elif path.name.startswith(TEMPORARY_PREFIX) and _age(path) > ABANDONED_WRITE_SECONDS:
                path.unlink(missing_ok=True)
        return removed

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.json"


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0
