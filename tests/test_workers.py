"""Worker processes: what a snippet's run captures, how it is isolated, which worker runs it.

These tests run snippets in real worker processes, in the session's shared pool.
How a failing snippet is reported is tested once, where the author meets it:
tests/test_faults.py. That no process outlives a run is tests/test_processes.py.
"""

from __future__ import annotations

import itertools
import os
import sys
import tempfile
import textwrap
import threading
from pathlib import Path

import pytest

import live_engine.workers
from live_engine.environment import FIXED, PASSED_THROUGH, worker_environment
from live_engine.workers import Run, WorkerError, WorkerPool

FOUR_DEVICES = (("XLA_FLAGS", "--xla_force_host_platform_device_count=4"),)
DEVICE_COUNT = "import jax\nprint(jax.device_count())\n"
_names = itertools.count()


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("snippets")


@pytest.fixture(scope="module")
def pool(worker_pool, folder):
    """The session's pool, its default-environment worker up, so timings exclude its start."""
    worker_pool.run(write(folder, "pass\n"), (), 180, 1000)
    return worker_pool


def write(folder: Path, source: str, name: str | None = None) -> Path:
    path = folder / (name or f"snippet_{next(_names)}.py")
    path.write_text(textwrap.dedent(source))
    return path


@pytest.fixture
def run(pool, folder):
    def run(source: str, *, timeout: float = 60, max_output: int = 100_000, env=()) -> Run:
        return pool.run(write(folder, source), env, timeout, max_output)

    return run


# --- output ---------------------------------------------------------

CHANNELS = {
    "print": "print('hello')",
    "sys.stdout.write": "import sys; sys.stdout.write('hello\\n')",
    "os.write to fd 1": "import os; os.write(1, b'hello\\n')",
    "print to stderr": "import sys; print('hello', file=sys.stderr)",
    "sys.stderr.write": "import sys; sys.stderr.write('hello\\n')",
    "os.write to fd 2": "import os; os.write(2, b'hello\\n')",
    "a child process": "import subprocess; subprocess.run(['echo', 'hello'], check=True)",
}


@pytest.mark.parametrize("source", CHANNELS.values(), ids=CHANNELS.keys())
def test_everything_written_to_stdout_or_stderr_is_captured(run, source):
    result = run(source + "\n")
    assert (result.status, result.output) == ("ok", b"hello\n")


def test_stdout_and_stderr_interleave_in_the_order_written(run):
    result = run("""\
        import os, sys
        print("1")
        sys.stderr.write("2\\n")
        os.write(1, b"3\\n")
        print("4", file=sys.stderr)
        sys.stdout.write("5\\n")
    """)
    assert result.output == b"1\n2\n3\n4\n5\n"


def test_jax_debug_print_is_captured(run):
    result = run("""\
        import jax, jax.numpy as jnp

        @jax.jit
        def f(x):
            jax.debug.print("inside: {}", x * 2)
            return x + 1

        print("result:", f(jnp.arange(3)))
    """)
    assert result.status == "ok"
    assert b"inside: [0 2 4]\n" in result.output
    assert b"result: [1 2 3]\n" in result.output


def test_a_snippet_that_prints_nothing_has_empty_output(run):
    result = run("x = 1\n")
    assert (result.status, result.output, result.output_size) == ("ok", b"", 0)


def test_a_snippet_printing_past_the_cap_is_stopped_there_not_at_its_timeout(run):
    result = run("import sys\nwhile True:\n    sys.stdout.write('x' * 1000)\n", timeout=600, max_output=10_000)
    assert (result.status, result.output) == ("stopped", b"x" * 10_000)  # at most the cap reached the disk
    assert result.output_size > 10_000


def test_a_snippet_printing_exactly_the_cap_is_not_stopped(run):
    result = run("print('x' * 999)\n", max_output=1000)
    assert (result.status, result.output, result.output_size) == ("ok", b"x" * 999 + b"\n", 1000)


def test_stdin_is_empty(run):
    assert run("import sys\nprint(repr(sys.stdin.read()))\n").output == b"''\n"


# --- runs like `python snippets/X.py` ---------------------------------------------------------


def test_a_snippet_runs_as_main_with_its_file_and_argv(pool, folder):
    path = write(folder, "import sys\nprint(__name__, __file__, sys.argv)\n")
    assert pool.run(path, (), 60, 1000).output == f"__main__ {path} {[str(path)]}\n".encode()


def test_a_snippet_imports_modules_next_to_it(pool, folder):
    write(folder, "LOCAL = 'from next door'\n", name="neighbour_module.py")
    path = write(folder, "from neighbour_module import LOCAL\nprint(LOCAL)\n")
    assert pool.run(path, (), 60, 1000).output == b"from next door\n"


def test_the_code_given_runs_and_tracebacks_quote_it_whatever_the_file_holds_now(pool, folder):
    path = write(folder, "print('saved since')\n")
    given = b"print('as read')\nraise ValueError('from the code as read')\n"
    result = pool.run(path, (), 60, 1000, code=given)
    assert result.output == b"as read\n"
    assert "raise ValueError('from the code as read')" in result.error["traceback"]


def test_a_snippet_holds_no_descriptor_of_its_worker_or_of_other_snippets(pool, folder):
    """Only stdin, the output pipe (fds 1, 2) and its stack file: not the worker's pipes,
    its epoll, nor the pidfds and output pipes of snippets running beside it."""
    beside = threading.Thread(target=pool.run, args=(write(folder, "import time\ntime.sleep(2)\n"), (), 60, 1000))
    beside.start()
    result = pool.run(write(folder, """\
        import os
        for fd in sorted(int(fd) for fd in os.listdir("/proc/self/fd")):
            try:
                print(fd, os.readlink(f"/proc/self/fd/{fd}"))
            except OSError:
                pass  # the listing's own descriptor, closed by now
    """), (), 60, 10_000)
    beside.join()
    targets = dict(line.split(" ", 1) for line in result.output.decode().splitlines())
    assert sorted(targets) == ["0", "1", "2", "3"], targets
    assert targets["0"] == "/dev/null" and targets["1"] == targets["2"] and targets["1"].startswith("pipe:")
    assert targets["3"].endswith("/stacks")


# --- isolation ---------------------------------------------------------


def test_jax_configuration_does_not_leak_into_the_next_snippet(run):
    first = run("""\
        import jax, jax.numpy as jnp
        jax.config.update("jax_enable_x64", True)
        print(jnp.arange(3).dtype)
    """)
    second = run("import jax.numpy as jnp\nprint(jnp.arange(3).dtype)\n")
    assert (first.output, second.output) == (b"int64\n", b"int32\n")


def test_environment_changes_do_not_leak(run):
    run("import os\nos.environ['LIVE_TEST_LEAK'] = 'leaked'\nos.environ.pop('PATH', None)\n")
    result = run("import os\nprint(os.environ.get('LIVE_TEST_LEAK'), 'PATH' in os.environ)\n")
    assert result.output == b"None True\n"
    assert "LIVE_TEST_LEAK" not in os.environ


def test_a_change_of_directory_does_not_leak(run):
    run("import os\nos.chdir('/')\n")
    result = run("import os\nprint(os.getcwd())\n")
    assert result.output.decode() == os.path.join(result.job_dir, "work") + "\n"


def test_module_state_does_not_leak(run):
    run("import json\njson.LIVE_TEST_LEAK = True\nimport sys\nsys.modules['live_test_fake'] = json\n")
    result = run("import json, sys\nprint(hasattr(json, 'LIVE_TEST_LEAK'), 'live_test_fake' in sys.modules)\n")
    assert result.output == b"False False\n"


def test_files_a_snippet_writes_land_in_its_job_folder_and_are_removed_after(run):
    result = run("""\
        import os, tempfile
        with open("out.txt", "w") as file:
            file.write("data")
        handle, temporary = tempfile.mkstemp()
        print(os.path.abspath("out.txt"))
        print(temporary)
    """)
    written, temporary = result.output.decode().split()
    assert written == os.path.join(result.job_dir, "work", "out.txt")
    assert temporary.startswith(os.path.join(result.job_dir, "tmp") + os.sep)
    assert not os.path.exists(result.job_dir)


# --- failures ---------------------------------------------------------
# Raising, exiting, crashing and hanging are reported through the build: tests/test_faults.py.


def test_a_syntax_error_is_an_error_at_its_line(pool, folder):
    path = write(folder, "x = 1\ny = (\n")
    result = pool.run(path, (), 60, 1000)
    assert (result.status, result.error["type"]) == ("error", "SyntaxError")
    assert [str(path), 2] in result.error["frames"]


# --- environments and workers ---------------------------------------------------------


@pytest.fixture(scope="module")
def four_devices(pool, folder):
    """A run that sets XLA_FLAGS, and pool.started before and after it."""
    before = pool.started
    result = pool.run(write(folder, DEVICE_COUNT), FOUR_DEVICES, 60, 1000)
    return result, before, pool.started


def test_a_snippet_environment_reaches_xla(four_devices):
    result, _, _ = four_devices
    assert (result.status, result.output) == ("ok", b"4\n")


def test_the_default_environment_has_one_cpu_device(run):
    assert run(DEVICE_COUNT).output == b"1\n"


def test_xla_flags_are_set_in_the_snippet_process_without_a_worker_of_their_own(four_devices):
    """XLA reads XLA_FLAGS when a backend starts, in the snippet's own process."""
    _, before, after = four_devices
    assert after == before


def test_jax_variables_get_a_worker_started_with_them_and_keep_it(pool, run):
    """JAX reads JAX_* variables at `import jax`, which a worker does once, before any snippet."""
    x64 = (("JAX_ENABLE_X64", "1"),)
    source = "import jax.numpy as jnp\nprint(jnp.arange(3).dtype)\n"
    started = pool.started
    assert run(source, env=x64).output == b"int64\n"
    assert run(source, env=x64 + FOUR_DEVICES).output == b"int64\n"  # the same JAX_* part: the same worker
    assert run(source).output == b"int32\n"
    assert pool.started == started + 1


class StubWorker:
    """Stands in for a worker process: the pool's bookkeeping without importing JAX."""

    def __init__(self, env, python):
        self.env, self.users, self.alive, self.closed = env, 0, True, False

    def close(self):
        self.closed = True


def test_the_least_recently_used_idle_worker_is_retired_and_the_default_is_kept(monkeypatch):
    monkeypatch.setattr(live_engine.workers, "Worker", StubWorker)
    pool = WorkerPool(max_workers=2)
    a, b, c = ((("JAX_A", "1"),), (("JAX_B", "1"),), (("JAX_C", "1"),))

    def use(env):
        worker = pool._checkout(env)
        worker.users -= 1  # what run() does when the snippet has ended
        return worker

    default = use(())
    first_a = use(a)
    use(())  # the default is now more recently used than a,
    use(b)  # so a third environment retires a
    assert first_a.closed and not default.closed
    assert list(pool._workers) == [(), b]
    use(c)  # the default is the least recently used now, but it is kept: b goes
    assert list(pool._workers) == [(), c] and not default.closed


def test_a_worker_in_use_is_not_retired(monkeypatch):
    monkeypatch.setattr(live_engine.workers, "Worker", StubWorker)
    pool = WorkerPool(max_workers=1)
    busy = pool._checkout((("JAX_A", "1"),))  # held: its snippet is still running
    pool._checkout((("JAX_B", "1"),))
    assert not busy.closed and len(pool._workers) == 2


def test_a_dead_worker_is_replaced_and_its_pipes_and_log_are_released(pool, run):
    """The pipes of a worker that died are closed when the next run replaces it."""
    run("pass\n")
    descriptors = len(os.listdir("/proc/self/fd"))
    started = pool.started
    with pytest.raises(WorkerError):  # how the build reports it: tests/test_runner.py
        run("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n")
    assert run("print('fine')\n").output == b"fine\n"
    assert pool.started == started + 1
    assert len(os.listdir("/proc/self/fd")) == descriptors


# --- the environment a worker gets ---------------------------------------------------------

SHELL = {"PATH": "/opt/elsewhere/bin", "PYTHONPATH": "/opt/elsewhere/lib", "PYTHONWARNINGS": "error",
         "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "XLA_FLAGS": "--inherited", "JAX_ENABLE_X64": "1",
         "TF_CPP_MIN_LOG_LEVEL": "0", "PYTHONHASHSEED": "random", "LANG": "de_DE.UTF-8", "TZ": "Asia/Tokyo"}


def test_nothing_from_the_shell_reaches_a_worker_but_an_allowlist(monkeypatch):
    for name, value in SHELL.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("HOME", "/home/reader")
    env = worker_environment(())
    assert env == {**{name: os.environ[name] for name in PASSED_THROUGH if name in os.environ}, **FIXED}
    assert set(PASSED_THROUGH) == {"HOME", "USER", "LOGNAME", "PYTHONDONTWRITEBYTECODE"}  # none changes an output
    assert env["PATH"].split(os.pathsep)[0] == os.path.dirname(os.path.abspath(sys.executable))


def test_the_snippet_environment_is_added_and_wins(monkeypatch):
    monkeypatch.setenv("XLA_FLAGS", "--inherited")
    env = worker_environment(FOUR_DEVICES + (("JAX_ENABLE_X64", "1"), ("TZ", "Europe/Paris")))
    assert (env["XLA_FLAGS"], env["JAX_ENABLE_X64"], env["TZ"]) == (FOUR_DEVICES[0][1], "1", "Europe/Paris")


def test_worker_environment_does_not_change_os_environ(monkeypatch):
    monkeypatch.setenv("XLA_FLAGS", "--inherited")
    before = dict(os.environ)
    worker_environment(FOUR_DEVICES)
    assert dict(os.environ) == before


def test_modules_in_the_temporary_folder_do_not_shadow_jax(monkeypatch, tmp_path, folder):
    (tmp_path / "jax.py").write_text("raise ImportError('a stray jax.py in the temporary folder was imported')\n")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    pool = WorkerPool()
    try:
        assert pool.run(write(folder, "print('ok')\n"), (), 60, 1000).output == b"ok\n"
    finally:
        pool.close()


# --- source locations ---------------------------------------------------------


def test_jax_source_locations_name_the_snippet_and_never_the_engine(pool, folder):
    path = write(folder, """\
        import jax, jax.numpy as jnp

        def f(x):
            return jnp.sin(x) * 2

        lowered = jax.jit(f).lower(jnp.arange(3.0))
        print(lowered.compile().as_text())
        print(lowered.as_text(debug_info=True))
    """)
    result = pool.run(path, (), 60, 1_000_000)
    assert result.status == "ok"
    assert b"live_engine" not in result.output and b"zygote" not in result.output
    assert str(path).encode() in result.output
