"""The live-output engine: runs documentation snippets and renders what they print.

It knows nothing of MkDocs or Sybil. Two front doors call it: the MkDocs hook
(`hooks/live.py`) at build time and `docs/conftest.py` under pytest.
"""

# Part of every cache key: bump it whenever a change here can change an output.
ENGINE_VERSION = "1"
