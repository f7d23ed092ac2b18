"""Run only by test_failure_leaks.py, in a pytest of its own: a failing test that leaves a pipe open
(as the serve test once did when `mkdocs serve` ignored its Ctrl-C), then an innocent test that
allocates enough for a full garbage collection, which is what would find the pipe."""

import gc
import subprocess
import sys


def test_a_failure_that_leaves_a_pipe_open():
    process = subprocess.Popen([sys.executable, "-c", "pass"], stderr=subprocess.PIPE)
    process.wait()
    raise TimeoutError("as serve.wait(timeout=30) raised, before serve.stderr.close()")


def test_a_long_test_that_allocates():
    gc.collect()  # what millions of allocations would set off, sooner or later
