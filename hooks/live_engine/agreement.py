"""Which versions of JAX print the same: the data behind version tabs and the changes page.

No rendering here: render.py (a directive's version tabs) and matrix.py (the changes
page) both read these and draw what they find.
"""

from __future__ import annotations

from .runner import Outcome


def same_text(first: str, second: str) -> bool:
    """Do two outputs print the same? Trailing newlines aside (a missing final one too), as
    the page shows them (render.output_block) and as the diff compares them (compare.unified_diff)."""
    return first.rstrip("\n") == second.rstrip("\n")


def versions_text(versions: list[str]) -> str:
    named = [f"{version}" for version in versions]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def groups(pinned_output: str, others: list[tuple[str, Outcome]]) -> tuple[list[str], list[tuple[list[str], Outcome]]]:
    """(versions printing what the pinned one prints, [(versions printing one other text, its outcome)]),
    in the order `others` lists them; versions that gave no answer (not ok) are in neither."""
    same, differing = [], []
    for version, outcome in others:
        if not outcome.ok:
            continue
        if same_text(outcome.output, pinned_output):
            same.append(version)
            continue
        for group in differing:
            if same_text(group[1].output, outcome.output):
                group[0].append(version)
                break
        else:
            differing.append(([version], outcome))
    return same, differing


def reason(problem: str) -> str:
    """`snippets/x.py:4: timed out after 120 s (set timeout=...)` -> `timed out after 120 s`;
    one line, whatever the problem holds (a worker's failure can carry a traceback)."""
    problem = problem.splitlines()[0] if problem else "no reason given"
    reason = problem.split(": ", 1)[1] if problem.startswith("snippets/") and ": " in problem else problem
    return reason.split(" (", 1)[0]
