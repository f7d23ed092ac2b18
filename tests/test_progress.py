"""Long work says how far it is: done/total, elapsed, an estimate; a bar on a terminal, lines elsewhere."""

from __future__ import annotations

import io
import re

import pytest

from live_engine import progress
from live_engine.progress import Progress, describe
from tinysite import make_site, mkdocs_build


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_line_says_how_far_how_long_and_what_is_left():
    assert describe("snippets", 0, 10, 0.0) == "0/10 snippets, 0 s elapsed"  # no estimate from nothing
    assert describe("snippets", 4, 10, 20.0) == "4/10 snippets, 20 s elapsed, about 30 s left"
    assert describe("snippets", 10, 10, 50.0) == "10/10 snippets, 50 s elapsed"


def test_off_a_terminal_every_step_is_a_line_when_the_interval_is_zero():
    clock, lines = Clock(), []
    with Progress("snippets", 3, lines.append, stream=io.StringIO(), every=0, clock=clock) as bar:
        for _ in range(3):
            clock.now += 2
            bar.step()
    assert lines == ["1/3 snippets, 2 s elapsed, about 4 s left", "2/3 snippets, 4 s elapsed, about 2 s left",
                     "3/3 snippets, 6 s elapsed"]


def test_on_a_terminal_one_bar_is_redrawn_in_place_and_cleared_at_the_end():
    clock, lines, terminal = Clock(), [], Terminal()
    with Progress("cells", 4, lines.append, stream=terminal, every=0, clock=clock) as bar:
        clock.now += 1
        bar.step()
    drawn = terminal.getvalue()
    assert lines == []  # the bar replaces the log lines
    assert drawn.startswith("\r\x1b[2Klive: ██████░░░░░░░░░░░░░░░░░░ 1/4 cells, 1 s elapsed, about 3 s left")
    assert drawn.endswith("\r\x1b[2K") and "\n" not in drawn


def test_the_interval_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv(progress.INTERVAL_VARIABLE, "0.5")
    assert progress.interval() == 0.5
    monkeypatch.delenv(progress.INTERVAL_VARIABLE)
    assert progress.interval() == progress.DEFAULT_INTERVAL
    monkeypatch.setenv(progress.INTERVAL_VARIABLE, "soon")
    with pytest.raises(ValueError, match="LIVE_PROGRESS_SECONDS='soon' is not a number"):
        progress.interval()


def test_nothing_to_do_or_nowhere_to_say_it_means_no_progress():
    assert progress.progress("snippets", 0, print) is None
    assert progress.progress("snippets", 3, None) is None


SLOW = "import time\ntime.sleep(0.5)\nprint('{name}')\n"


def test_a_cold_build_reports_each_snippet_and_a_warm_one_reports_none(tmp_path, monkeypatch):
    monkeypatch.setenv(progress.INTERVAL_VARIABLE, "0")  # a line per snippet: the test reads lines, not times
    snippets = {f"s{n}.py": SLOW.format(name=n) for n in range(3)}
    page = "# Slow\n\n" + "\n\n".join(f"<!-- live: {name} -->" for name in snippets) + "\n"
    make_site(tmp_path, {"index.md": page}, snippets)
    cold, warm = mkdocs_build(tmp_path, "--strict"), mkdocs_build(tmp_path, "--strict")
    assert cold.returncode == 0 and warm.returncode == 0, cold.stderr + warm.stderr
    lines = re.findall(r"live: (\d)/3 snippets, \d+ s elapsed(, about \d+ s left)?$", cold.stderr, re.MULTILINE)
    assert [(done, bool(estimate)) for done, estimate in lines] == [("1", True), ("2", True), ("3", False)]
    assert "3 snippets: 3 ran" in cold.stderr  # the summary line stays
    assert "/3 snippets," not in warm.stderr and "3 snippets: 0 ran, 3 from the cache" in warm.stderr
