"""What a failed test leaves open is reported against it, not against the innocent test that happens to
run when the garbage collector finds it (conftest.py, pytest_runtest_teardown)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_a_pipe_left_open_by_a_failed_test_is_that_tests_error():
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", str(TESTS / "leak_probe.py")],
                         cwd=TESTS.parent, capture_output=True, text=True, timeout=120)
    assert "ERROR at teardown of test_a_failure_that_leaves_a_pipe_open" in run.stdout, run.stdout
    assert "ResourceWarning: unclosed file" in run.stdout
    assert run.stdout.strip().splitlines()[-1].startswith("=") and "1 failed, 1 passed, 1 error" in run.stdout, run.stdout
