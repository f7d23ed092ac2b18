"""Without a Chromium the browser tests are skipped with a reason, except where a skip would hide a failure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import chromium

TESTS = Path(__file__).resolve().parent


def probe(**variables: str) -> subprocess.CompletedProcess:
    """pytest on browser_probe.py (one test that needs the browser), in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", chromium.VARIABLE)} | variables
    return subprocess.run([sys.executable, "-m", "pytest", str(TESTS / "browser_probe.py")],
                          cwd=TESTS.parent, env=env, capture_output=True, text=True, timeout=120)


def test_a_missing_chromium_skips_the_browser_tests_and_the_summary_says_why():
    run = probe(CHROMIUM="/nonexistent/chromium")
    assert run.returncode == 0, run.stdout
    last_lines = run.stdout.strip().splitlines()[-3:]
    assert any("1 browser test skipped, no Chromium to drive" in line and "CHROMIUM=/nonexistent/chromium is not an executable" in line
               and "apt-get install chromium" in line for line in last_lines), last_lines
    assert "1 skipped" in last_lines[-1]


@pytest.mark.parametrize("how", [{"CI": "true"}, {"PYTEST_ADDOPTS": "--require-browser"}], ids=["CI", "option"])
def test_where_a_skip_would_hide_a_failure_a_missing_chromium_fails(how):
    run = probe(CHROMIUM="/nonexistent/chromium", **how)
    assert run.returncode == 1, run.stdout
    assert "1 error" in run.stdout.strip().splitlines()[-1]
    assert "CHROMIUM=/nonexistent/chromium is not an executable" in run.stdout
