"""The two versions of jax's source a link move reads: the release the links name, and the new one.

The jax wheel holds the Python files of its release tag at the same paths as the
repository (jax/_src/lax/lax.py), so a folder that a wheel was installed into (a
site-packages) serves as that tag's source tree for those files. The new release's
tree is the one this interpreter has (uv sync installed it); the old one is the
matrix environment of that version if a build made it (CACHE/jax-OLD/env/), else the
jax wheel alone, installed with uv into CACHE/sources/jax-OLD/ (a few MB, once).
"""

from __future__ import annotations

import subprocess
from importlib import metadata
from pathlib import Path

from live_engine.settings import Settings
from live_engine.versions import uv_command, version_folder

SOURCES = "sources"  # under the cache folder: jax wheels installed only to read their files


class SourceError(RuntimeError):
    """A source tree that cannot be had or is not the version asked for; the message says what to do."""


def jax_version_in(tree: Path) -> str | None:
    """The version of the jax distribution installed in `tree`, None when there is none."""
    found = [dist.version for dist in metadata.distributions(path=[str(tree)]) if dist.metadata["Name"] == "jax"]
    return found[0] if len(found) == 1 else None


def installed_tree(version: str) -> Path:
    """The folder holding this interpreter's jax, which must be `version`."""
    try:
        dist = metadata.distribution("jax")
    except metadata.PackageNotFoundError:
        raise SourceError(f"jax is not installed here; run `uv sync` so that jax {version} is") from None
    if dist.version != version:
        raise SourceError(f"jax {dist.version} is installed, not {version}; run `uv sync` after the lock names "
                          f"jax {version} (or give the version that is installed)")
    return Path(dist.locate_file("")).resolve()


def old_tree(settings: Settings, version: str, log=print) -> Path:
    """A folder holding jax `version`'s files: its matrix environment, else the wheel installed for this."""
    for tree in sorted((version_folder(settings, version) / "env").glob("lib/python*/site-packages")):
        if jax_version_in(tree) == version:
            return tree
    target = settings.cache_dir / SOURCES / f"jax-{version}"
    if jax_version_in(target) != version:
        log(f"installing the jax {version} wheel into {target} to read its source (no dependencies)")
        result = subprocess.run([uv_command(), "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                                 f"jax=={version}"], capture_output=True, text=True)
        if result.returncode != 0 or jax_version_in(target) != version:
            raise SourceError(f"could not install the jax {version} wheel into {target} (it needs a connection "
                              f"to PyPI, or uv's cache); uv said:\n{(result.stderr or result.stdout).strip()}")
    return target
