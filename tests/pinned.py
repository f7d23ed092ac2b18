"""Where the site links upstream source: jax at the pinned release's tag, XLA at one commit.

The jax tag follows `[tool.live] jax_pinned`, so the tests expect the new tag as soon as the
pin moves; `uv run python hooks/author_commands/move_pin.py links` moves the chapters' links to it. The XLA
commit cannot be derived here (the jax wheel does not record it), so it is named once, below,
and moved by hand with the site's XLA links (docs/writing-releases.md, "Moving to a new JAX release").
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

JAX_PINNED = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["live"]["jax_pinned"]
JAX_AT_TAG = f"https://github.com/jax-ml/jax/blob/jax-v{JAX_PINNED}/"

# The openxla/xla commit jax 0.10.2 was built from: XLA_COMMIT in jax's third_party/xla/revision.bzl
# at the tag jax-v0.10.2. The site's XLA links are still at it after the pin moved to 0.12.0.1, whose
# commit is not known on the machine that moved it; replace both with the new release's.
XLA_COMMIT = "5a9e73cbd92530cac2ac36f4736a774b2412afe2"
XLA_AT_COMMIT = f"https://github.com/openxla/xla/blob/{XLA_COMMIT}/"
