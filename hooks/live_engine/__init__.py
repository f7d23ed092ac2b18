"""The live-output engine: runs documentation snippets and renders what they print.

It knows nothing of MkDocs or Sybil. Two front doors call it: the MkDocs hook
(`hooks/live.py`) at build time and `docs/conftest.py` under pytest.
"""

import hashlib
from pathlib import Path


def _source_digest() -> str:
    """Hash of every module of this package: any edit to the engine is a new version.

    Part of every cache key, so an edit to normalizing, capturing or running can never
    leave outputs made by the old code in the cache. Nobody has to remember to bump it.
    """
    sha = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        sha.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()[:16]


ENGINE_VERSION = _source_digest()
