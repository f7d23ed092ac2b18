"""No process outlives the build: not on close, Ctrl-C, SIGTERM or SIGHUP, not after a timeout.

Each test's snippet starts a process of its own and writes three pids to a file:
its worker's, its own, and its child's. Whatever ends the run, all three (or, where
the worker lives on, the last two) must be gone within a few seconds: gone means
exited, not reparented to PID 1 to run on until their own timeout.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import live_engine.workers
from live_engine.workers import WorkerError, WorkerPool
from tinysite import all_end_within, as_from_a_terminal, make_site, mkdocs_env, wait_for_file

# Starts a child, says who is who, and waits far longer than any test.
STARTS_A_CHILD_AND_WAITS = """\
import os, subprocess, sys, time
{before}
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
with open({pids!r}, "w") as file:
    file.write(f"{{os.getppid()}} {{os.getpid()}} {{child.pid}}\\n")
time.sleep(600)
"""


def snippet(folder: Path, name: str = "waits.py", before: str = "") -> tuple[Path, Path]:
    """The waiting snippet in `folder`, and the file it will write its pids to."""
    pids = folder / f"{name}.pids"
    path = folder / name
    path.write_text(STARTS_A_CHILD_AND_WAITS.format(pids=str(pids), before=before))
    return path, pids


def pids_in(file: Path, seconds: float = 120) -> list[int]:
    """worker, snippet, child: once the snippet has written them (its worker may first import JAX)."""
    return [int(pid) for pid in wait_for_file(file, seconds).split()]


def run_in_background(pool: WorkerPool, path: Path, timeout: float = 600) -> dict:
    """Start pool.run in a thread; the dict gets its Run or its exception."""
    result: dict = {}

    def run():
        try:
            result["run"] = pool.run(path, (), timeout, 10_000)
        except Exception as error:  # noqa: BLE001 (the test looks at which)
            result["error"] = error

    result["thread"] = threading.Thread(target=run)
    result["thread"].start()
    return result


def test_close_ends_every_snippet_and_what_it_started_before_it_returns(tmp_path):
    pool = WorkerPool()
    try:
        running = run_in_background(pool, snippet(tmp_path)[0])
        worker, snippet_pid, child = pids_in(tmp_path / "waits.py.pids")
    finally:
        pool.close()
    assert all_end_within([worker, snippet_pid, child], seconds=1.0) == []
    running["thread"].join(timeout=10)
    assert "workers were closed" in str(running["error"])


@pytest.mark.parametrize("how", ["Ctrl-C", "SIGTERM", "SIGHUP"])
def test_a_build_ended_by_a_signal_leaves_no_process(tmp_path, how):
    waits, pids_file = snippet(tmp_path)
    make_site(tmp_path / "site", {"index.md": "<!-- live: waits.py -->\n"}, {"waits.py": waits.read_text()},
              tool_live="timeout = 600\n")
    # In a session of its own, so that "Ctrl-C" can go to its whole process group, as a terminal's does.
    build = subprocess.Popen(as_from_a_terminal([sys.executable, "-m", "mkdocs", "build"]), cwd=tmp_path / "site", env=mkdocs_env(),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        pids = pids_in(pids_file)
        if how == "Ctrl-C":
            os.killpg(build.pid, signal.SIGINT)
        else:
            build.send_signal(getattr(signal, how))
        build.wait(timeout=60)
    finally:
        if build.poll() is None:
            os.killpg(build.pid, signal.SIGKILL)
        build.communicate()
    assert all_end_within(pids, seconds=5.0) == []


def test_a_timeout_ends_the_processes_the_snippet_started(worker_pool, tmp_path):
    path, pids_file = snippet(tmp_path)
    running = run_in_background(worker_pool, path, timeout=1)
    _, snippet_pid, child = pids_in(pids_file)
    running["thread"].join(timeout=30)
    assert running["run"].status == "timeout"
    assert all_end_within([snippet_pid, child], seconds=0.5) == []


def test_a_snippet_that_cancels_its_alarm_is_killed_by_its_worker_just_after_the_grace(worker_pool, tmp_path):
    """faulthandler's alarm ends a snippet at its timeout; one that cancelled it (or hangs
    where the alarm cannot act) is killed by its worker, GRACE_SECONDS later."""
    path, pids_file = snippet(tmp_path, before="import faulthandler\nfaulthandler.cancel_dump_traceback_later()")
    started = time.monotonic()
    running = run_in_background(worker_pool, path, timeout=1)
    _, snippet_pid, child = pids_in(pids_file)
    running["thread"].join(timeout=60)
    elapsed = time.monotonic() - started
    assert running["run"].status == "timeout"
    assert 1 + live_engine.workers.GRACE_SECONDS <= elapsed < 1 + live_engine.workers.GRACE_SECONDS + 2.0
    assert all_end_within([snippet_pid, child], seconds=0.5) == []


@pytest.fixture
def impatient_pool(monkeypatch):
    """A pool of its own whose backstop acts half a second after a snippet's worker should
    have killed it (itself half a second after the timeout), and whose workers do not act:
    they are asked to kill a snippet only after ten minutes."""
    monkeypatch.setattr(live_engine.workers, "GRACE_SECONDS", 0.5)
    monkeypatch.setattr(live_engine.workers, "BACKSTOP_SECONDS", 0.5)
    submit = live_engine.workers.Worker.submit
    monkeypatch.setattr(live_engine.workers.Worker, "submit",
                        lambda self, *args, kill_after, **kwargs: submit(self, *args, kill_after=600, **kwargs))
    pool = WorkerPool()
    yield pool
    pool.close()


def test_the_backstop_ends_the_one_overdue_snippet_and_its_neighbours_run_on(impatient_pool, tmp_path):
    overdue, pids_file = snippet(tmp_path, before="import faulthandler\nfaulthandler.cancel_dump_traceback_later()")
    neighbour = tmp_path / "neighbour.py"
    neighbour.write_text("import time\ntime.sleep(4)\nprint('done')\n")
    ran_overdue = run_in_background(impatient_pool, overdue, timeout=1)
    _, snippet_pid, child = pids_in(pids_file)
    ran_neighbour = run_in_background(impatient_pool, neighbour, timeout=60)
    ran_overdue["thread"].join(timeout=30)
    ran_neighbour["thread"].join(timeout=30)
    assert ran_overdue["run"].status == "timeout"
    assert all_end_within([snippet_pid, child], seconds=0.5) == []
    assert (ran_neighbour["run"].status, ran_neighbour["run"].output) == ("ok", b"done\n")
    assert impatient_pool.started == 1  # the same worker served both, and still does


def test_a_worker_that_stops_answering_is_ended_with_every_snippet_it_ran(impatient_pool, tmp_path):
    frozen, pids_file = snippet(tmp_path, before="import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)")
    beside, beside_pids = snippet(tmp_path, name="beside.py")
    ran_beside = run_in_background(impatient_pool, beside)
    pids = pids_in(beside_pids)
    ran_frozen = run_in_background(impatient_pool, frozen, timeout=1)
    pids += pids_in(pids_file)
    ran_frozen["thread"].join(timeout=30)
    ran_beside["thread"].join(timeout=30)
    assert isinstance(ran_frozen["error"], WorkerError) and "did not answer" in str(ran_frozen["error"])
    assert "did not answer" in str(ran_beside["error"])
    assert all_end_within(pids, seconds=1.0) == []
