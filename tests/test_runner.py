"""These tests run snippets in real workers: they share one Runner, on the session's worker pool."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from live_engine.cache import cache_key
from live_engine.runner import Runner
from live_engine.settings import Settings
from live_engine.snippets import Snippet, load_snippet


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    root = tmp_path_factory.mktemp("project").resolve()
    (root / "snippets").mkdir()
    return Settings(root=root, snippets_dir=root / "snippets", cache_dir=root / ".cache")


@pytest.fixture(scope="module")
def runner(settings, worker_pool):
    runner = Runner(settings)
    runner.pool = worker_pool  # the session's workers: closed at the end of the session, not here
    return runner


def snippet(settings: Settings, name: str, source: str) -> Snippet:
    path = settings.snippets_dir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source))
    return load_snippet(settings.snippets_dir, name)


def run_one(runner: Runner, item: Snippet, timeout: float = 60):
    return runner.run_all([(item, timeout)])[item.name]


def test_a_successful_run_gives_its_output(runner, settings):
    outcome = run_one(runner, snippet(settings, "hello.py", "print('hello')\n"))
    assert (outcome.ok, outcome.output, outcome.problem, outcome.cached) == (True, "hello\n", None, False)


def test_a_successful_run_is_cached_and_the_next_run_starts_no_worker(runner, settings):
    item = snippet(settings, "cached.py", "import random\nprint(random.random())\n")
    first = run_one(runner, item)
    started = runner.pool.started
    second = run_one(runner, item)
    fresh = Runner(settings)
    try:
        third = run_one(fresh, item)
    finally:
        fresh.close()
    assert (first.cached, second.cached, third.cached) == (False, True, True)
    assert first.output == second.output == third.output
    assert (runner.pool.started, fresh.pool.started) == (started, 0)


def test_without_the_cache_nothing_is_read_or_stored(runner, settings):
    item = snippet(settings, "uncached.py", "print('again')\n")
    uncached = Runner(settings, use_cache=False)
    uncached.pool = runner.pool  # the session's warm workers
    outcomes = [run_one(uncached, item) for _ in range(2)]
    assert [outcome.cached for outcome in outcomes] == [False, False]
    assert runner.cache.get(cache_key(item, settings.max_output_bytes)) is None


def test_run_all_runs_every_snippet_and_keys_outcomes_by_name(runner, settings):
    items = [snippet(settings, f"many/n{i}.py", f"print({i})\n") for i in range(3)]
    outcomes = runner.run_all([(item, 60) for item in items])
    assert {name: outcome.output for name, outcome in outcomes.items()} == {
        "many/n0.py": "0\n", "many/n1.py": "1\n", "many/n2.py": "2\n",
    }


def test_a_failing_snippet_is_a_problem_located_at_its_line_and_not_cached(runner, settings):
    item = snippet(settings, "fails.py", "print('before')\nx = 1\ny = x / 0\n")
    outcome = run_one(runner, item)
    assert outcome.problem == "snippets/fails.py:3: ZeroDivisionError: division by zero"
    assert outcome.output is None and not outcome.ok
    assert runner.cache.get(cache_key(item, settings.max_output_bytes)) is None


def test_a_failure_inside_a_local_helper_is_located_in_the_helper(runner, settings):
    snippet(settings, "deep/helper_fail.py", "def explode():\n    raise RuntimeError('boom')\n")
    item = snippet(settings, "deep/calls.py", "from helper_fail import explode\n\nexplode()\n")
    assert run_one(runner, item).problem == "snippets/deep/helper_fail.py:2: RuntimeError: boom"


def test_the_details_of_a_failure_hold_the_traceback_and_what_was_printed(runner, settings):
    outcome = run_one(runner, snippet(settings, "details.py", "print('partial')\nraise KeyError('k')\n"))
    assert 'File "snippets/details.py", line 2' in outcome.details
    assert "What it printed before that:\npartial\n" in outcome.details
    assert "live_engine" not in outcome.details


def test_a_timeout_names_the_line_it_was_stuck_at(runner, settings):
    item = snippet(settings, "slow.py", "import time\n\ntime.sleep(60)\n")
    outcome = run_one(runner, item, timeout=1)
    assert outcome.problem.startswith("snippets/slow.py:3: timed out after 1 s")
    assert "live_engine" not in outcome.details
    assert runner.cache.get(cache_key(item, settings.max_output_bytes)) is None


def test_a_crash_says_the_process_died_and_how(runner, settings):
    outcome = run_one(runner, snippet(settings, "dies.py", "import os\nos._exit(3)\n"))
    assert "died" in outcome.problem
    assert "exited with status 3" in outcome.problem


def test_a_kill_says_which_signal(runner, settings):
    outcome = run_one(runner, snippet(settings, "killed.py", "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n"))
    assert "died" in outcome.problem
    assert "killed by signal 9 (SIGKILL)" in outcome.problem


def test_a_snippet_that_kills_its_worker_is_a_problem_and_the_next_run_gets_a_new_worker(runner, settings):
    killer = snippet(settings, "kills_worker.py", "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n")
    started = runner.pool.started
    outcome = run_one(runner, killer)
    assert outcome.problem.startswith("snippets/kills_worker.py: the worker failed: the worker process ended")
    assert run_one(runner, snippet(settings, "after_kill.py", "print('alive')\n")).output == "alive\n"
    assert runner.pool.started == started + 1


def test_a_crash_without_stacks_still_names_the_snippet(runner, settings):
    outcome = run_one(runner, snippet(settings, "exits.py", "import os\nos._exit(3)\n"))
    assert outcome.problem.startswith("snippets/exits.py")


def test_outputs_are_normalized(runner, settings):
    item = snippet(settings, "paths/where.py", """\
        import os, tempfile
        print(os.path.abspath(__file__))
        print(os.getcwd())
        print(tempfile.mkdtemp())
        print(object())
    """)
    lines = run_one(runner, item).output.splitlines()
    assert lines[:3] == ["snippets/paths/where.py", ".", "<tmp>/tmpXXXXXXXX"]
    assert lines[3].startswith("<object object at 0x…>")


def test_changing_a_local_helper_invalidates_the_cache(runner, settings):
    snippet(settings, "invalidate/helper_value.py", "VALUE = 1\n")
    source = "from helper_value import VALUE\nprint(VALUE)\n"
    first = run_one(runner, snippet(settings, "invalidate/uses.py", source))
    snippet(settings, "invalidate/helper_value.py", "VALUE = 2\n")
    second = run_one(runner, load_snippet(settings.snippets_dir, "invalidate/uses.py"))
    assert (first.output, second.output, second.cached) == ("1\n", "2\n", False)


def test_an_outcome_records_how_long_it_took(runner, settings):
    outcome = run_one(runner, snippet(settings, "timed.py", "import time\ntime.sleep(0.2)\n"))
    assert outcome.seconds >= 0.2


def test_the_settings_cache_folder_holds_the_entries(runner, settings):
    item = snippet(settings, "stored.py", "print('stored')\n")
    run_one(runner, item)
    assert (Path(settings.cache_dir) / f"{cache_key(item, settings.max_output_bytes)}.json").is_file()
