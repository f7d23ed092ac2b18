"""Slow proof that nothing on the site depends on timing: repeated clean runs give the same bytes.

Not part of the default run (`-m "not slow"` in pyproject.toml): it takes about ten
minutes on two cores. Run it with `uv run pytest -m slow`, and after any change to how
outputs are captured or normalized. The default run keeps its cheaper guard,
tests/test_determinism.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from live_engine.notebooks import execute
from sitebuild import build_site
from test_determinism import files

ROOT = Path(__file__).resolve().parent.parent
CASE_STUDY = ROOT / "docs" / "case-study.ipynb"

pytestmark = pytest.mark.slow


def test_ten_clean_runs_of_the_case_study_give_the_same_notebook():
    runs = [json.dumps(execute(CASE_STUDY.read_bytes(), "docs/case-study.ipynb", ROOT, timeout=300), sort_keys=True)
            for _ in range(10)]
    assert [n for n, run in enumerate(runs) if run != runs[0]] == []


def test_three_clean_builds_give_the_same_site(tmp_path):
    sites = [files(build_site(tmp_path / f"build-{n}")) for n in range(3)]
    for n, site in enumerate(sites[1:], start=1):
        assert sorted(site) == sorted(sites[0]), f"build {n} has other files"
        assert [name for name in site if site[name] != sites[0][name]] == [], f"build {n} differs"
