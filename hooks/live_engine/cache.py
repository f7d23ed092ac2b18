"""The result cache: one JSON file per snippet run, keyed on all that can change it.

Reading the cache never imports JAX: the versions in the key come from package
metadata. Entries are written atomically (a temporary file, then a rename), so two
builds at once or a build killed mid-write never leave a half entry under a real
name; an entry that does not parse, or that another engine version wrote, is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import tempfile
from functools import cache
from importlib import metadata
from pathlib import Path

from . import ENGINE_VERSION
from .snippets import Snippet


@cache
def toolchain() -> dict[str, str]:
    """What produced the outputs, as stamped on the site and put in every key."""
    return {
        "python": platform.python_version(),
        "jax": metadata.version("jax"),
        "jaxlib": metadata.version("jaxlib"),
        "platform": f"{platform.system()}-{platform.machine()}",
    }


def cache_key(snippet: Snippet, max_output_bytes: int) -> str:
    """Hash of the snippet, its local modules, its environment, the toolchain and the engine."""
    material = {
        "engine": ENGINE_VERSION,
        "toolchain": toolchain(),
        "python_build": sys.version,
        "snippet": snippet.name,
        "code": snippet.digest(),
        "env": snippet.env,
        "max_output_bytes": max_output_bytes,
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()


class ResultCache:
    """Outputs of successful runs, by key, in one folder that is safe to delete."""

    def __init__(self, folder: Path):
        self.folder = folder

    def get(self, key: str) -> str | None:
        """The cached output, or None when absent, unreadable or from another engine version."""
        path = self._path(key)
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            if entry["engine"] == ENGINE_VERSION and entry["key"] == key:
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
        handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".writing-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(entry)
            os.replace(temporary, self._path(key))
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.json"
