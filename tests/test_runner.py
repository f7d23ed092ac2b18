"""The runner: outcomes, what is cached, and what an edit during a run may not do.

These tests run snippets in real workers: they share one Runner, on the session's
worker pool. How each kind of failure reads is tested where the author meets it:
tests/test_faults.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from live_engine.cache import NotCachedError, cache_key
from live_engine.runner import Runner
from live_engine.settings import Settings
from live_engine.snippets import Snippet, load_snippet
from tinysite import write_files


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    root = tmp_path_factory.mktemp("project").resolve()
    (root / "snippets").mkdir()
    return Settings(root=root, snippets_dir=root / "snippets", cache_dir=root / ".cache")


@pytest.fixture(scope="module")
def runner(settings, worker_pool):
    return Runner(settings, pool=worker_pool)  # the session's workers: closed at the end of the session, not here


def snippet(settings: Settings, name: str, source: str) -> Snippet:
    write_files(settings.snippets_dir, {name: source})
    return load_snippet(settings.snippets_dir, name)


def cached(runner: Runner, item: Snippet) -> str | None:
    return runner.cache.get(cache_key(item, runner.settings.max_output_bytes))


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


def test_with_live_cached_only_a_snippet_missing_from_the_cache_is_an_error_naming_it(runner, settings, monkeypatch):
    """The published build's last job assembles the site from caches other jobs filled: there, a
    snippet that would run means a job before it did not run it, and the build must say so."""
    item = snippet(settings, "assembled.py", "print('from a job before')\n")
    monkeypatch.setenv("LIVE_CACHED_ONLY", "1")
    with pytest.raises(NotCachedError, match=r"1 snippet\(s\) on the pinned JAX are not in the cache: assembled\.py\."):
        run_one(runner, item)
    monkeypatch.delenv("LIVE_CACHED_ONLY")
    assert run_one(runner, item).cached is False
    monkeypatch.setenv("LIVE_CACHED_ONLY", "1")
    assert run_one(runner, item).cached is True  # in the cache now: taken, nothing run


def test_without_the_cache_nothing_is_read_or_stored(runner, settings):
    item = snippet(settings, "uncached.py", "print('again')\n")
    uncached = Runner(settings, use_cache=False, pool=runner.pool)  # the session's warm workers
    outcomes = [run_one(uncached, item) for _ in range(2)]
    assert [outcome.cached for outcome in outcomes] == [False, False]
    assert cached(runner, item) is None


def test_run_all_runs_every_snippet_and_keys_outcomes_by_name(runner, settings):
    items = [snippet(settings, f"many/n{i}.py", f"print({i})\n") for i in range(3)]
    outcomes = runner.run_all([(item, 60) for item in items])
    assert {name: outcome.output for name, outcome in outcomes.items()} == {
        "many/n0.py": "0\n", "many/n1.py": "1\n", "many/n2.py": "2\n",
    }


@pytest.mark.parametrize("source", ["print('before')\nx = 1 / 0\n", "import os\nos._exit(3)\n",
                                    "import time\ntime.sleep(60)\n"], ids=["raises", "exits", "times out"])
def test_a_failed_run_is_never_cached(runner, settings, source):
    item = snippet(settings, "fails.py", source)
    outcome = run_one(runner, item, timeout=1)
    assert outcome.output is None and not outcome.ok and outcome.problem.startswith("snippets/fails.py")
    assert cached(runner, item) is None


def test_a_failure_inside_a_local_helper_is_located_in_the_helper(runner, settings):
    snippet(settings, "deep/helper_fail.py", "def explode():\n    raise RuntimeError('boom')\n")
    item = snippet(settings, "deep/calls.py", "from helper_fail import explode\n\nexplode()\n")
    assert run_one(runner, item).problem == "snippets/deep/helper_fail.py:2: RuntimeError: boom"


def test_the_details_of_a_failure_hold_the_traceback_and_what_was_printed(runner, settings):
    outcome = run_one(runner, snippet(settings, "details.py", "print('partial')\nraise KeyError('k')\n"))
    assert 'File "snippets/details.py", line 2' in outcome.details
    assert "What it printed before that:\npartial\n" in outcome.details
    assert "live_engine" not in outcome.details


def test_a_snippet_that_kills_its_worker_is_a_problem_and_the_next_run_gets_a_new_worker(runner, settings):
    killer = snippet(settings, "kills_worker.py", "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n")
    started = runner.pool.started
    outcome = run_one(runner, killer)
    assert outcome.problem.startswith("snippets/kills_worker.py: the worker failed: the worker process ended")
    assert run_one(runner, snippet(settings, "after_kill.py", "print('alive')\n")).output == "alive\n"
    assert runner.pool.started == started + 1


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


# --- edits while a build runs: an output is filed only under the bytes that made it -------------


def test_a_snippet_saved_after_it_was_read_runs_as_read_and_is_filed_under_those_bytes(runner, settings):
    """The source shown, the key and the code run are one reading of the file. Saved in
    between, the new text waits for the next build; undoing the save gets the old output back."""
    old = snippet(settings, "saved.py", "print('old')\n")
    write_files(settings.snippets_dir, {"saved.py": "print('new')\n"})  # the editor saves
    assert run_one(runner, old).output == "old\n"
    assert cached(runner, old) == "old\n"
    new = load_snippet(settings.snippets_dir, "saved.py")  # the next build reads the new text
    assert (new.source, run_one(runner, new).output) == ("print('new')\n", "new\n")
    write_files(settings.snippets_dir, {"saved.py": "print('old')\n"})  # and the save is undone
    undone = load_snippet(settings.snippets_dir, "saved.py")
    assert (undone.source, run_one(runner, undone).output) == ("print('old')\n", "old\n")


def test_an_output_made_while_a_module_it_imports_was_saved_is_not_filed(runner, settings):
    """Its local modules are imported from disk as it runs: here the snippet itself saves one
    before importing it, as an editor might mid-run. The output shows the new module; the key
    holds the old one, so it is not stored, and the next build runs it again."""
    write_files(settings.snippets_dir, {"midrun/value.py": "VALUE = 1\n"})
    item = snippet(settings, "midrun/prints.py", """\
        import pathlib
        pathlib.Path(__file__).with_name("value.py").write_text("VALUE = 2\\n")
        from value import VALUE
        print(VALUE)
    """)
    assert run_one(runner, item).output == "2\n"
    assert cached(runner, item) is None
    again = load_snippet(settings.snippets_dir, "midrun/prints.py")
    assert (run_one(runner, again).output, cached(runner, again)) == ("2\n", "2\n")
