"""What a first `mkdocs serve` runs behind its pages (live_engine/background.py), and what the
pages say meanwhile and after (render.py's notes), without a server: tests/test_first_serve.py
does the same under a real `mkdocs serve`."""

from __future__ import annotations

import dataclasses
import time

import pytest

from serve_mode import unchanged_pages
from live_engine.background import Background, pending
from live_engine.build import BuildResult, build
from live_engine.directives import parse_page
from live_engine.render import pending_note, record_note, render
from live_engine.runner import Outcome, Runner
from live_engine.settings import Settings
from live_engine.snippets import load_snippet
from tinysite import write_files


@pytest.fixture
def settings(tmp_path) -> Settings:
    root = tmp_path.resolve()
    write_files(root / "snippets", {"quick.py": "print('quick')\n", "slow.py": "import time\ntime.sleep(5)\nprint('slow')\n",
                                    "fails.py": "raise ValueError('no')\n", "varies.py": "print(1)\n"})
    write_files(root / "records", {"quick.py.txt": "quick\n", "slow.py.txt": "an older slow\n"})
    return Settings(root=root, snippets_dir=root / "snippets", cache_dir=root / ".cache", records_dir=root / "records",
                    unrecorded=(("varies.py", "prints this machine's core count"),))


@pytest.fixture
def runner(settings, worker_pool):
    runner = Runner(settings, pool=worker_pool)
    yield runner
    for executor in runner._executors:  # the session's workers stay; this runner's threads end
        executor.shutdown(wait=True)


def jobs(settings: Settings, *names: str) -> list:
    return [(load_snippet(settings.snippets_dir, name), 60.0) for name in names]


class Batches:
    """An on_batch that counts its calls."""

    def __init__(self):
        self.calls: list[float] = []

    def __call__(self):
        self.calls.append(time.monotonic())


def test_what_a_page_shows_meanwhile_its_record_or_why_it_has_none(settings):
    assert pending(settings, "quick.py").record == "quick\n"
    assert pending(settings, "quick.py").record_file == "records/quick.py.txt"
    unrecorded = pending(settings, "varies.py")
    assert unrecorded.record is None and "prints this machine's core count" in unrecorded.why_none
    missing = pending(settings, "fails.py")
    assert missing.record is None and "records/fails.py.txt does not exist yet" in missing.why_none
    assert "--accept-outputs" in missing.why_none
    off = pending(dataclasses.replace(settings, records_dir=None), "quick.py")
    assert off.record is None and "records_dir" in off.why_none


def test_nothing_runs_before_launch_and_then_every_output_comes_in(settings, runner):
    batches = Batches()
    background = Background(batches, spacing=lambda: 0.0)
    taken = background.take(jobs(settings, "quick.py", "fails.py"), runner, start=True)
    assert set(taken.pending) == {"quick.py", "fails.py"} and not taken.outcomes and not taken.to_run
    assert taken.behind == {"quick.py", "fails.py"}
    time.sleep(1)
    assert not settings.cache_dir.exists() and background.running == 2  # queued, not started
    background.launch(runner)
    assert background.finished.wait(120)
    assert batches.calls and "1 failed: snippets/fails.py" in background.summary
    again = background.take(jobs(settings, "quick.py", "fails.py"), runner, start=False)
    assert again.outcomes["quick.py"].cached and again.outcomes["quick.py"].output == "quick\n"
    assert "ValueError: no" in again.outcomes["fails.py"].problem  # a failure is not cached: kept here
    assert not again.pending and not again.to_run and again.behind == {"quick.py", "fails.py"}


def test_a_failure_is_shown_until_every_run_is_in_then_run_again_as_serve_always_did(settings, runner):
    background = Background(Batches(), spacing=lambda: 0.0)
    background.take(jobs(settings, "fails.py"), runner, start=True)
    background.launch(runner)
    assert background.finished.wait(120)
    assert not background.take(jobs(settings, "fails.py"), runner, start=False).to_run
    background.settle()
    assert background.take(jobs(settings, "fails.py"), runner, start=False).to_run  # the build runs it itself


def test_a_later_build_waits_for_what_it_starts_itself_but_not_for_what_runs_behind(settings, runner):
    background = Background(Batches(), spacing=lambda: 0.0)
    background.take(jobs(settings, "slow.py"), runner, start=True)
    background.launch(runner)
    started = time.monotonic()
    pages = {"docs/a.md": "<!-- live: slow.py -->\n\n<!-- live: quick.py -->\n"}
    result = build(pages, runner, background=background)
    assert time.monotonic() - started < 5  # slow.py sleeps 5 s
    assert set(result.pending) == {"slow.py"} and result.outcomes["quick.py"].output == "quick\n"
    assert "1 running behind the served pages" in result.summary()
    assert background.finished.wait(120)


def test_outputs_that_come_close_together_are_announced_together_and_the_last_at_once(settings, runner):
    batches = Batches()
    background = Background(batches, spacing=lambda: 60.0)
    background.take(jobs(settings, "quick.py", "slow.py"), runner, start=True)
    started = time.monotonic()
    background.launch(runner)
    assert background.finished.wait(120)
    assert len(batches.calls) == 1 and batches.calls[0] - started < 60  # one call, at the last output


def test_a_run_that_ended_in_an_engine_error_says_so_and_what_to_do(settings, runner):
    background = Background(Batches(), spacing=lambda: 0.0)
    background.take(jobs(settings, "quick.py"), runner, start=True)
    (future,) = background._futures.values()
    future.set_exception(RuntimeError("a bug"))
    outcome = background.take(jobs(settings, "quick.py"), runner, start=False).outcomes["quick.py"]
    assert "snippets/quick.py: the engine failed while running it behind the served pages: RuntimeError: a bug" \
        in outcome.problem and "restart `mkdocs serve`" in outcome.problem


def test_a_page_shown_from_records_is_not_kept_by_the_next_rebuild(settings):
    pages = {"docs/a.md": "<!-- live: quick.py -->\n", "docs/b.md": "<!-- live: varies.py -->\n"}
    snippets = {name: load_snippet(settings.snippets_dir, name) for name in ("quick.py", "varies.py")}
    result = BuildResult(snippets, {"varies.py": Outcome("varies.py", "1\n")}, [], 0.0,
                         pending={"quick.py": pending(settings, "quick.py")})
    files = unchanged_pages.snippet_files(settings.snippets_dir)
    last = unchanged_pages.LastBuild(pages, unchanged_pages.uses(pages), result, files, "settings")
    assert unchanged_pages.unchanged(pages, last, "settings", files) == {"docs/b.md"}


def directive(text: str, page: str = "docs/a.md"):
    return parse_page(text, page).directives[0]


def test_the_mark_is_in_the_output_s_box_above_the_record(settings):
    shown = pending(settings, "quick.py")
    note = pending_note("quick.py", shown.record, shown.record_file, shown.why_none)
    markdown = render(directive("<!-- live: quick.py -->\n"), load_snippet(settings.snippets_dir, "quick.py"),
                      shown.record, notes={"quick.py": note})
    box = markdown[markdown.index('<div class="live-output"'):]
    assert box.index("Not yet run on this machine.") < box.index("records/quick.py.txt") < box.index("\nquick\n")


def test_with_no_record_the_box_says_it_is_running_and_why(settings):
    shown = pending(settings, "varies.py")
    note = pending_note("varies.py", None, "", shown.why_none)
    markdown = render(directive("<!-- live: varies.py map=source -->\n"),
                      load_snippet(settings.snippets_dir, "varies.py"), None, notes={"varies.py": note})
    assert "Running on this machine." in markdown and "core count" in markdown
    assert "live-map" not in markdown  # nothing to map yet: hooks/source_map.py would say so in the log


def test_a_compared_pair_with_a_side_still_running_shows_each_side_alone(settings):
    note = pending_note("varies.py", None, "", "it has no record")
    markdown = render(directive("<!-- live: quick.py compare=varies.py -->\n"),
                      load_snippet(settings.snippets_dir, "quick.py"), "quick\n",
                      (load_snippet(settings.snippets_dir, "varies.py"), None), notes={"varies.py": note})
    assert "Running on this machine." in markdown and "\nquick\n" in markdown and '=== "Diff"' not in markdown


def test_a_difference_from_the_record_names_the_line_and_what_to_do(settings):
    where = directive("# A\n\n<!-- live: slow.py -->\n")
    note = record_note(where, "slow.py", "records/slow.py.txt", "an older slow\n", "slow\n")
    assert "Differs from its record." in note.after and "docs/a.md:3" in note.after
    assert "uv run pytest docs/a.md --accept-outputs" in note.after
    assert "-an older slow" in note.after and "+slow" in note.after
    markdown = render(where, load_snippet(settings.snippets_dir, "slow.py"), "slow\n", notes={"slow.py": note})
    assert markdown.index("\nslow\n") < markdown.index("Differs from its record.")
