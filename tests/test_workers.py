"""These tests run snippets in real worker processes, in the session's shared pool."""

from __future__ import annotations

import itertools
import os
import signal
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from live_engine.workers import Run, WorkerError, WorkerPool, worker_environment

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


def test_output_beyond_the_cap_is_cut_while_its_full_size_is_reported(run):
    result = run("print('x' * 10_000)\n", max_output=1000)
    assert (result.status, result.output, result.output_size) == ("ok", b"x" * 1000, 10_001)


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


def test_a_raising_snippet_is_an_error_with_type_message_and_the_snippet_line(pool, folder):
    path = write(folder, "print('before')\n\nx = 1 / 0\n")
    result = pool.run(path, (), 60, 1000)
    assert (result.status, result.error["type"], result.error["message"]) == (
        "error", "ZeroDivisionError", "division by zero",
    )
    assert result.error["frames"] == [[str(path), 3]]
    assert result.output == b"before\n"


def test_error_frames_go_from_the_snippet_into_its_functions(pool, folder):
    path = write(folder, "def f():\n    raise ValueError('deep')\n\nf()\n")
    assert pool.run(path, (), 60, 1000).error["frames"] == [[str(path), 4], [str(path), 2]]


def test_an_error_traceback_shows_the_snippet_but_not_the_engine(pool, folder):
    path = write(folder, "raise KeyError('missing')\n")
    traceback = pool.run(path, (), 60, 1000).error["traceback"]
    assert f'File "{path}", line 1' in traceback
    assert traceback.rstrip().endswith("KeyError: 'missing'")
    assert "zygote" not in traceback and "live_engine" not in traceback


def test_a_syntax_error_is_an_error_at_its_line(pool, folder):
    path = write(folder, "x = 1\ny = (\n")
    result = pool.run(path, (), 60, 1000)
    assert (result.status, result.error["type"]) == ("error", "SyntaxError")
    assert [str(path), 2] in result.error["frames"]


@pytest.mark.parametrize("code", [0, 1, None, "message"])
def test_sys_exit_is_an_error_of_type_system_exit(run, code):
    result = run(f"import sys\nprint('started')\nsys.exit({code!r})\n")
    assert (result.status, result.error["type"]) == ("error", "SystemExit")
    assert f"sys.exit({code!r})" in result.error["message"]
    assert result.output == b"started\n"


def test_os_exit_is_a_crash_with_its_exit_code(run):
    result = run("import os\nprint('going', flush=True)\nos._exit(3)\n")
    assert (result.status, result.exit_code, result.signal, result.output) == ("crash", 3, None, b"going\n")


def test_the_pool_keeps_working_after_a_crash(pool, run):
    started = pool.started
    assert run("import os\nos._exit(3)\n").status == "crash"
    assert (run("print('fine')\n").output, pool.started) == (b"fine\n", started)


def test_a_snippet_killed_by_a_signal_is_a_crash_with_that_signal(run):
    result = run("import os\nos.kill(os.getpid(), 9)\n")
    assert (result.status, result.signal, result.exit_code) == ("crash", 9, None)


def test_a_segfault_is_a_crash_whose_stacks_name_the_snippet_line(pool, folder):
    path = write(folder, "import ctypes\n\nctypes.string_at(0)\n")
    result = pool.run(path, (), 60, 1000)
    assert (result.status, result.signal) == ("crash", 11)
    assert f'File "{path}", line 3' in result.stacks


def test_a_snippet_past_its_timeout_is_stopped_and_its_stacks_name_its_line(pool, folder):
    path = write(folder, "import time\nprint('waiting', flush=True)\ntime.sleep(60)\n")
    started = time.monotonic()
    result = pool.run(path, (), 1, 1000)
    elapsed = time.monotonic() - started
    assert result.status == "timeout"
    assert f'File "{path}", line 3' in result.stacks
    assert result.output == b"waiting\n"
    assert 1 <= elapsed < 3


def test_a_timeout_also_ends_the_processes_the_snippet_started(pool, folder):
    path = write(folder, """\
        import subprocess, sys, time
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        print(child.pid, flush=True)
        time.sleep(60)
    """)
    result = pool.run(path, (), 1, 1000)
    pid = int(result.output)
    try:
        assert result.status == "timeout"
        assert _ends_within(pid, seconds=0.5)
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie (an orphan's zombie may wait long for its reaper)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _ends_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


# --- environments and workers ---------------------------------------------------------


@pytest.fixture(scope="module")
def four_devices(pool, folder):
    """A run in the four-device environment, and pool.started before and after it."""
    before = pool.started
    result = pool.run(write(folder, DEVICE_COUNT), FOUR_DEVICES, 60, 1000)
    return result, before, pool.started


def test_a_snippet_environment_reaches_xla(four_devices):
    result, _, _ = four_devices
    assert (result.status, result.output) == ("ok", b"4\n")


def test_the_default_environment_has_one_cpu_device(run):
    assert run(DEVICE_COUNT).output == b"1\n"


def test_a_new_environment_starts_its_own_worker(four_devices):
    _, before, after = four_devices
    assert after == before + 1


def test_an_environment_reuses_its_worker(pool, run, four_devices):
    run("pass\n")
    run("pass\n", env=FOUR_DEVICES)
    started = pool.started
    assert run("pass\n").status == run("pass\n", env=FOUR_DEVICES).status == "ok"
    assert pool.started == started


@pytest.mark.parametrize(
    "name", ["JAX_ENABLE_X64", "JAX_PLATFORMS", "XLA_FLAGS", "TF_CPP_MIN_LOG_LEVEL", "TPU_NAME", "LIBTPU_INIT_ARGS"]
)
def test_worker_environment_drops_inherited_jax_and_xla_variables(monkeypatch, name):
    monkeypatch.setenv(name, "inherited")
    assert name not in worker_environment(())


def test_worker_environment_keeps_other_inherited_variables(monkeypatch):
    monkeypatch.setenv("LIVE_TEST_KEPT", "yes")
    assert worker_environment(())["LIVE_TEST_KEPT"] == "yes"


def test_worker_environment_adds_the_snippet_environment(monkeypatch):
    monkeypatch.setenv("XLA_FLAGS", "--inherited")
    env = worker_environment(FOUR_DEVICES + (("JAX_ENABLE_X64", "1"),))
    assert (env["XLA_FLAGS"], env["JAX_ENABLE_X64"]) == (FOUR_DEVICES[0][1], "1")


def test_worker_environment_fixes_the_hash_seed(monkeypatch):
    monkeypatch.setenv("PYTHONHASHSEED", "random")
    assert worker_environment(())["PYTHONHASHSEED"] == "0"


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
