"""The programs a pin move runs: uv for the lock and the environment, pytest for the records.

The records are written by `pytest docs/ --accept-outputs` itself (docs/conftest.py),
so a pin move makes exactly the records an author's own run would, and there is one
way of making them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from live_engine.records import ACCEPT_OPTION
from live_engine.versions import uv_command

# pytest's exit codes: 0 every item passed, 1 some failed (a claim the new release breaks, a
# snippet that fails there: what the checklist is for); any other means the run itself failed.
PASSED, ITEMS_FAILED = 0, 1


class StepError(RuntimeError):
    """A program a step runs failed; the message says which and what to do."""


def lock_and_sync(root: Path) -> None:
    """`uv lock`, then `uv sync`: the new jax in uv.lock, and installed."""
    for step in ("lock", "sync"):
        print(f"$ uv {step}", flush=True)
        if subprocess.run([uv_command(), step], cwd=root).returncode != 0:
            raise StepError(f"`uv {step}` failed (its words are above); fix pyproject.toml or the network, then "
                            f"run `uv lock`, `uv sync` and the steps after them: move_pin.py records, links, "
                            f"checklist")


def accept_records(root: Path) -> int:
    """Run every chapter's snippets and checks on the installed jax, writing every output as its
    record; the number of pytest's exit status: PASSED, or ITEMS_FAILED when checks failed."""
    command = [sys.executable, "-m", "pytest", "docs/", ACCEPT_OPTION, "-q"]
    print(f"$ {' '.join(['python', *command[1:]])}", flush=True)
    status = subprocess.run(command, cwd=root).returncode
    if status not in (PASSED, ITEMS_FAILED):
        raise StepError(f"`pytest docs/ {ACCEPT_OPTION}` could not run the chapters (exit status {status}; "
                        f"its words are above); fix that, then run it again")
    return status
