"""The version matrix and the records: settings, environments by version, keys, older errors, the page.

Most tests need no older JAX: an "older version" here is this interpreter under another
label, which is all the engine's choice of pool, cache and key depends on. One test
(test_an_older_jax_is_installed_and_run_in_its_own_environment) and the end-to-end
test in tests/test_end_to_end.py make a real jax 0.4.38 environment with uv.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from live_engine import records
from live_engine.cache import cache_key
from live_engine.environment import worker_environment
from live_engine.agreement import groups
from live_engine.matrix import changes_page
from live_engine.render import render, render_versions
from live_engine.directives import parse_page
from live_engine.runner import Outcome, Runner
from live_engine.settings import VERSIONS_VARIABLE, Settings, SettingsError, load_settings
from live_engine.snippets import load_snippet
from live_engine.versions import JaxEnv, VersionEnvError, ensure_env, existing_env, pinned_env, requirements
from tinysite import write_files

OLDER = "0.4.38"  # the older version CI makes an environment for (tests/test_end_to_end.py too)


def fake_older(version: str) -> JaxEnv:
    """This interpreter, labelled as an older JAX: enough for choosing pools, caches and keys."""
    env = pinned_env()
    return JaxEnv(version, env.python, env.site_packages, pinned=False)


# --- settings -------------------------------------------------------------------------------------

@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.delenv(VERSIONS_VARIABLE, raising=False)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.live]\njax_compare = ["0.4.38", "0.6.2", "0.9.2"]\nrecords_dir = "records"\n')
    return tmp_path


def test_the_pinned_version_alone_runs_by_default(project):
    assert load_settings(project).run_versions == ()


@pytest.mark.parametrize("wanted, runs", [("all", ("0.4.38", "0.6.2", "0.9.2")), ("pinned", ()),
                                          ("0.6.2", ("0.6.2",)), ("0.4.38, 0.9.2", ("0.4.38", "0.9.2"))])
def test_live_versions_chooses_the_older_versions_a_build_runs(project, monkeypatch, wanted, runs):
    monkeypatch.setenv(VERSIONS_VARIABLE, wanted)
    assert load_settings(project).run_versions == runs


def test_the_versions_setting_turns_the_matrix_on(project):
    text = (project / "pyproject.toml").read_text()
    (project / "pyproject.toml").write_text(text + 'versions = "all"\n')
    assert load_settings(project).run_versions == ("0.4.38", "0.6.2", "0.9.2")


def test_a_version_not_in_jax_compare_is_an_error_naming_the_known_ones(project, monkeypatch):
    monkeypatch.setenv(VERSIONS_VARIABLE, "0.5.0")
    with pytest.raises(SettingsError, match=r"0\.5\.0 not in \[tool\.live\] jax_compare .*0\.4\.38, 0\.6\.2, 0\.9\.2"):
        load_settings(project)


def test_a_pinned_version_other_than_the_installed_one_is_an_error_saying_what_to_write(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.live]\njax_pinned = "0.0.1"\n')
    with pytest.raises(SettingsError, match=f'set jax_pinned = "{pinned_env().version}"'):
        load_settings(tmp_path)


@pytest.mark.parametrize("line", ['jax_compare = "0.4.38"', 'jax_compare = ["latest"]', 'jax_compare = ["1.0", "1.0"]',
                                  'versions = "some"', 'unrecorded = ["x.py"]', 'changes_page = "x.html"',
                                  'jax_extras = [1]', 'jax_previous_pin = "0.4.38"'])
def test_bad_matrix_settings_are_errors(tmp_path, line):
    (tmp_path / "pyproject.toml").write_text(f"[tool.live]\n{line}\n")
    with pytest.raises(SettingsError, match=line.split(" ")[0]):
        load_settings(tmp_path)


# --- environments, pools and keys by version ------------------------------------------------------

@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    root = tmp_path_factory.mktemp("project").resolve()
    write_files(root / "snippets", {
        "square.py": "print(3 * 3)\n",
        "new_api.py": "print('before the import')\nfrom jax import an_api_of_the_future\n",
        "slow.py": "import time\nprint('started')\ntime.sleep(30)\n",
        "crash.py": "import os, signal, sys\nprint('before the crash')\nsys.stdout.flush()\n"
                    "os.kill(os.getpid(), signal.SIGSEGV)\n",
    })
    return Settings(root=root, snippets_dir=root / "snippets", cache_dir=root / ".cache",
                    records_dir=root / "records", unrecorded=(("machine.py", "prints the core count"),))


@pytest.fixture(scope="module")
def runner(settings, worker_pool):
    runner = Runner(settings, pool=worker_pool)
    yield runner
    for version in list(runner.version_pools):
        runner.close_version(version)


def test_each_version_gets_its_own_workers_running_its_own_interpreter(runner):
    older, other = fake_older("0.4.38"), fake_older("0.6.2")
    assert runner._pool_for(None) is runner.pool and runner._pool_for(pinned_env()) is runner.pool
    assert runner._pool_for(older) is runner._pool_for(older) is not runner.pool
    assert runner._pool_for(other) is not runner._pool_for(older)
    assert runner._pool_for(older).python == older.python
    runner.close_version("0.4.38")
    runner.close_version("0.6.2")
    assert not runner.version_pools


def test_an_older_version_s_workers_find_its_own_programs_first_on_path():
    path = worker_environment((), "/cache/jax-0.4.38/env/bin/python")["PATH"].split(":")
    assert path[0] == "/cache/jax-0.4.38/env/bin" and path[1:] == worker_environment(())["PATH"].split(":")[1:]


def test_each_version_has_its_own_cache_folder_apart_from_the_pinned_results(runner, settings):
    assert runner.cache_for(None) is runner.cache
    older = runner.cache_for(fake_older("0.4.38"))
    assert older.folder == settings.cache_dir / "jax-0.4.38" / "results"
    assert older is runner.cache_for(fake_older("0.4.38")) is not runner.cache_for(fake_older("0.6.2"))


def test_cache_keys_differ_by_version_and_the_pinned_key_is_unchanged(settings):
    snippet = load_snippet(settings.snippets_dir, "square.py")
    pinned = cache_key(snippet, 100)
    assert cache_key(snippet, 100, pinned_env()) == pinned  # the matrix changes no pinned key
    keys = {cache_key(snippet, 100, fake_older(version)) for version in ("0.4.38", "0.6.2")}
    assert len(keys) == 2 and pinned not in keys


def test_an_environment_made_again_in_the_same_folder_gets_new_keys(settings, tmp_path):
    """`mkdocs serve` remembers each environment's package versions; one made again (jax_extras
    edited) must not keep the old keys, or the old environment's cached outputs would be shown."""
    snippet = load_snippet(settings.snippets_dir, "square.py")
    info = tmp_path / "site-packages" / "numpy-1.0.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: numpy\nVersion: 1.0.0\n")
    env = JaxEnv(OLDER, sys.executable, (str(tmp_path / "site-packages"),), made="first")
    before = cache_key(snippet, 100, env)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: numpy\nVersion: 2.0.0\n")
    assert cache_key(snippet, 100, env) == before  # remembered while the environment is the same
    assert cache_key(snippet, 100, JaxEnv(OLDER, sys.executable, env.site_packages, made="again")) != before


def test_an_older_version_s_error_is_its_output_not_a_failure_and_is_cached(runner):
    snippet = load_snippet(runner.settings.snippets_dir, "new_api.py")
    older = fake_older("0.4.38")
    outcome = runner.run(snippet, 60, env=older)
    assert outcome.ok and outcome.failed_on == "0.4.38"
    assert outcome.output.startswith("before the import\nTraceback (most recent call last):\n")
    assert 'File "snippets/new_api.py", line 2, in <module>' in outcome.output
    assert outcome.output.endswith("ImportError: cannot import name 'an_api_of_the_future' from 'jax' "
                                   "(<site-packages>/jax/__init__.py)\n")
    [again] = runner.start([(snippet, 60)], older).values()
    assert again.result() == Outcome("new_api.py", outcome.output, cached=True, failed_on="0.4.38")
    pinned = runner.run(snippet, 60)  # on the pinned version the same error fails the build
    assert not pinned.ok and "ImportError" in pinned.problem


def test_a_build_waits_for_another_making_the_same_environment_and_says_so(tmp_path, monkeypatch):
    import fcntl
    import threading
    from live_engine import versions
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    folder = tmp_path / "cache" / f"jax-{OLDER}"
    folder.mkdir(parents=True)
    made = JaxEnv(OLDER, sys.executable, ())
    answers = iter([None, made])  # missing before the lock; made by the other build once it has the lock
    monkeypatch.setattr(versions, "existing_env", lambda *args: next(answers))
    monkeypatch.setattr(versions, "_make", lambda *args: pytest.fail("made twice"))
    lines = []
    with open(folder / ".lock", "w") as other:
        fcntl.flock(other, fcntl.LOCK_EX)  # another build, making it
        waiting = threading.Thread(target=lambda: lines.append(ensure_env(settings, OLDER, lines.append)))
        waiting.start()
        waiting.join(2)
        assert waiting.is_alive()
        assert lines == [f"waiting for another build that is making the environment for jax {OLDER}"]
    waiting.join(10)  # the other build is done (its lock closed): this one finds the environment made
    assert lines[1:] == [made]


def test_an_environment_in_use_by_another_build_is_not_made_again_under_it(tmp_path, monkeypatch):
    """Two checkouts sharing LIVE_CACHE_DIR with different locks: the one that must make the
    environment again waits until the other's snippets have finished, and says why."""
    import fcntl
    import threading
    from live_engine import versions
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    _ready_env(settings, {"made_from": {"python": "another", "wanted": [], "constraints": []}})  # another lock's
    made = []
    monkeypatch.setattr(versions, "_make", lambda *args: made.append(args[2]))
    lines = []
    with open(settings.cache_dir / f"jax-{OLDER}" / versions.IN_USE, "w") as other:
        fcntl.flock(other, fcntl.LOCK_SH)  # the other checkout's build, running snippets in it
        making = threading.Thread(target=lambda: _ignore(VersionEnvError, ensure_env, settings, OLDER, lines.append),
                                  daemon=True)  # a hang here must not hang pytest at exit
        making.start()
        making.join(2)
        assert making.is_alive() and not made  # waiting, the environment untouched
        assert lines[0].startswith(f"waiting for another build running snippets on jax {OLDER}: its environment "
                                   f"was made from another uv.lock")
    making.join(10)
    assert made == [settings.cache_dir / f"jax-{OLDER}" / "env"]


def _ignore(error, function, *args):
    try:
        function(*args)
    except error:  # the fake _make leaves no environment: "incomplete", as it should say
        pass


def test_a_runner_holds_an_older_environment_from_environment_to_close_version(tmp_path, monkeypatch):
    import fcntl
    import threading
    from live_engine import versions
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    _ready_env(settings, {"made_from": versions._made_from(settings, OLDER, {"numpy"})})
    runner = Runner(settings, use_cache=False)
    in_use = settings.cache_dir / f"jax-{OLDER}" / versions.IN_USE

    def taken() -> bool:
        with open(in_use, "w") as probe:
            try:
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            return False

    try:
        assert runner.environment(OLDER).version == OLDER and taken()
        # Asked again while held, with the environment now made from another lock: it is made
        # again at once, not after waiting forever for the runner's own first hold.
        _ready_env(settings, {"made_from": {"python": "another", "wanted": [], "constraints": []}})
        made = []
        monkeypatch.setattr(versions, "_make", lambda *args: made.append(args[2]) or _ready_env(
            settings, {"made_from": versions._made_from(settings, OLDER, {"numpy"})}))
        again = threading.Thread(target=runner.environment, args=(OLDER,), daemon=True)
        again.start()
        again.join(10)
        assert not again.is_alive(), "the runner waits for its own hold on the environment"
        assert made and taken()
        runner.close_version(OLDER)
        assert not taken()
    finally:
        runner.close()


def test_the_matrix_runs_on_a_runner_without_a_cache(settings, worker_pool, monkeypatch):
    from live_engine.matrix import run_matrix
    uncached = Runner(dataclasses.replace(settings, run_versions=(OLDER,)), use_cache=False, pool=worker_pool)
    monkeypatch.setattr(uncached, "environment", lambda version, log=None: fake_older(version))
    try:
        matrix = run_matrix({"docs/a.md": "<!-- live: square.py -->\n"}, uncached,
                            {"square.py": Outcome("square.py", "9\n")})
    finally:
        uncached.close_version(OLDER)
    assert list(matrix) == [OLDER] and matrix[OLDER]["square.py"].output == "9\n"


def test_the_matrix_compares_only_snippets_a_page_shows(settings, worker_pool, monkeypatch):
    # An output=hide snippet's comparison appears nowhere: its timeout must not stop a strict build.
    from live_engine.matrix import run_matrix
    uncached = Runner(dataclasses.replace(settings, run_versions=(OLDER,)), use_cache=False, pool=worker_pool)
    monkeypatch.setattr(uncached, "environment", lambda version, log=None: fake_older(version))
    pinned = {"square.py": Outcome("square.py", "9\n"), "slow.py": Outcome("slow.py", "started\n")}
    try:
        matrix = run_matrix({"docs/a.md": "<!-- live: square.py -->\n<!-- live: slow.py output=hide -->\n"},
                            uncached, pinned)
    finally:
        uncached.close_version(OLDER)
    assert list(matrix[OLDER]) == ["square.py"]


def test_a_version_that_answers_for_no_snippet_stops_the_build_naming_its_environment(settings, monkeypatch):
    from live_engine.matrix import run_matrix
    runner = Runner(dataclasses.replace(settings, run_versions=(OLDER,)), use_cache=False)
    monkeypatch.setattr(runner, "environment", lambda version, log=None: fake_older(version))
    broken = "snippets/{}: the worker failed: the worker could not import JAX:\nTraceback (most recent call last):"
    monkeypatch.setattr(runner, "run_all", lambda todo, log, env: {
        snippet.name: Outcome(snippet.name, None, broken.format(snippet.name)) for snippet, _ in todo})
    pinned = {"square.py": Outcome("square.py", "9\n"), "new_api.py": Outcome("new_api.py", "x\n")}
    try:
        with pytest.raises(VersionEnvError) as raised:
            run_matrix({"docs/a.md": "<!-- live: square.py -->\n<!-- live: new_api.py -->\n"}, runner, pinned)
    finally:
        runner.close()
    said = str(raised.value)
    assert said.startswith(f"jax {OLDER} gave no answer for any of its 2 snippets (the first: snippets/")
    assert "could not import JAX:)" in said and "Traceback" not in said  # its first line only
    assert str(settings.cache_dir / f"jax-{OLDER}" / "env") in said and "LIVE_VERSIONS=pinned" in said


def test_an_older_version_s_worker_failure_is_no_answer(runner, monkeypatch):
    from live_engine.workers import WorkerError
    older = fake_older("0.4.38")
    pool = runner._pool_for(older)

    def fail(*args, **kwargs):
        raise WorkerError("the worker could not import JAX:\nTraceback (most recent call last):")
    monkeypatch.setattr(pool, "run", fail)
    outcome = runner.run(load_snippet(runner.settings.snippets_dir, "square.py"), 60, env=older)
    assert not outcome.ok and outcome.output is None and outcome.failed_on is None
    assert outcome.problem.startswith("snippets/square.py: the worker failed: the worker could not import JAX")


def test_an_older_version_s_crash_is_its_answer_but_is_not_cached(runner):
    snippet = load_snippet(runner.settings.snippets_dir, "crash.py")
    older = fake_older("0.4.38")
    outcome = runner.run(snippet, 60, env=older)
    assert outcome.ok and outcome.failed_on == "0.4.38"
    assert outcome.output.startswith("before the crash\n") and "SIGSEGV" in outcome.output
    assert runner.cache_for(older).get(cache_key(snippet, runner.settings.max_output_bytes, older)) is None


def test_the_environment_for_a_version_is_made_once_with_uv_in_the_cache_folder(tmp_path):
    """A real jax 0.4.38 from PyPI (uv's cache makes this a few seconds after the first time)."""
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    lines = []
    env = ensure_env(settings, OLDER, lines.append)
    assert env.python == str(tmp_path / "cache" / f"jax-{OLDER}" / "env" / "bin" / "python")
    assert existing_env(settings, OLDER) == env and ensure_env(settings, OLDER, lines.append) == env
    assert len(lines) == 2 and lines[1].startswith(f"made the environment for jax {OLDER} in ")  # made once
    import subprocess
    said = subprocess.run([env.python, "-c", "import jax, jaxlib; print(jax.__version__, jaxlib.__version__)"],
                          capture_output=True, text=True, check=True).stdout
    assert said.split() == [OLDER, OLDER]


def _fake_uv(folder: Path, said: str) -> Path:
    uv = folder / "uv"
    uv.write_text(f"#!/bin/sh\necho \"$@\" >> {folder}/calls\necho '{said}' >&2\nexit 2\n")
    uv.chmod(0o755)
    return uv


def test_without_a_network_the_error_says_what_uv_said_and_what_to_do(tmp_path, monkeypatch):
    """A half-made environment (a build killed while making it) is removed before uv starts again."""
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    half = tmp_path / "cache" / f"jax-{OLDER}" / "env"
    half.mkdir(parents=True)
    (half / "left-over").write_text("x")
    monkeypatch.setenv("UV", str(_fake_uv(tmp_path, "error: Failed to fetch: https://pypi.org/simple/jax/")))
    with pytest.raises(VersionEnvError) as raised:
        ensure_env(settings, OLDER)
    said = str(raised.value)
    assert said.startswith(f"jax {OLDER}: `uv venv` failed") and "connection to PyPI" in said
    assert "LIVE_VERSIONS=pinned" in said and said.endswith("error: Failed to fetch: https://pypi.org/simple/jax/")
    assert not (half / "left-over").exists() and existing_env(settings, OLDER) is None


@pytest.mark.parametrize("said, installs", [
    ("error: Failed to fetch: https://pypi.org/simple/jax/", 1),  # offline: no second try without the pins
    ("No solution found when resolving dependencies: jax==0.4.38 depends on numpy<2.2", 2),
    # UV_OFFLINE: a pin missing from uv's cache reads as no solution, with this hint
    ("No solution found when resolving dependencies: hint: Packages were unavailable because the network "
     "was disabled", 1),
])
def test_the_lock_s_pins_are_dropped_only_when_uv_finds_no_solution_with_them(tmp_path, monkeypatch, said, installs):
    """Without its pins, an offline uv could fill the environment from its cache with other numpys, quietly."""
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    uv = tmp_path / "uv"
    uv.write_text(f"#!/bin/sh\necho \"$@\" >> {tmp_path}/calls\n"
                  f"if [ \"$1\" = venv ]; then eval mkdir -p \\${{$#}}; exit 0; fi\necho '{said}' >&2\nexit 1\n")
    uv.chmod(0o755)
    monkeypatch.setenv("UV", str(uv))
    logged = []
    with pytest.raises(VersionEnvError) as raised:
        ensure_env(settings, OLDER, logged.append)
    calls = (tmp_path / "calls").read_text().splitlines()
    assert sum(call.startswith("pip install") for call in calls) == installs
    assert "--constraint" in next(call for call in calls if call.startswith("pip install"))
    assert str(raised.value).endswith(said)
    assert any("uv chooses them instead" in line for line in logged) == (installs == 2)


@pytest.mark.parametrize("uv", [None, "/nonexistent/uv"])
def test_without_uv_the_error_says_what_to_do(tmp_path, monkeypatch, uv):
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    if uv is None:
        monkeypatch.delenv("UV", raising=False)
        monkeypatch.setenv("PATH", str(tmp_path))
    else:
        monkeypatch.setenv("UV", uv)
    with pytest.raises(VersionEnvError, match=r"pip install uv.*LIVE_VERSIONS=pinned"):
        ensure_env(settings, OLDER)


def _ready_env(settings: Settings, ready: dict) -> None:
    """An environment as _make leaves it, without installing anything: a python, then ready.json."""
    import json
    env = settings.cache_dir / f"jax-{OLDER}" / "env"
    (env / "bin").mkdir(parents=True, exist_ok=True)
    (env / "bin" / "python").unlink(missing_ok=True)
    (env / "bin" / "python").symlink_to(sys.executable)
    (env / "ready.json").write_text(json.dumps({"version": OLDER, "site_packages": [str(env)], **ready}))


def test_an_environment_made_from_other_settings_or_another_lock_is_made_again(tmp_path):
    """Editing jax_extras, or raising numpy in the lock, must reach the older environments;
    raising a package they do not hold (mkdocs) must not remake them."""
    from live_engine.versions import _made_from
    settings = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache")
    made = _made_from(settings, OLDER, {"numpy"})
    _ready_env(settings, {"made_from": made})
    assert existing_env(settings, OLDER) is not None
    with_extra = Settings(root=tmp_path, snippets_dir=tmp_path, cache_dir=tmp_path / "cache", jax_extras=("rich",))
    assert existing_env(with_extra, OLDER) is None  # jax_extras edited since
    older_numpy = [line if not line.startswith("numpy==") else "numpy==1.0.0" for line in made["constraints"]]
    _ready_env(settings, {"made_from": made | {"constraints": older_numpy}})
    assert existing_env(settings, OLDER) is None  # the lock raised numpy since
    _ready_env(settings, {"made_from": made | {"python": "3.0.0"}})
    assert existing_env(settings, OLDER) is None  # another Python
    _ready_env(settings, {})
    assert existing_env(settings, OLDER) is None  # made before it was recorded: unknown
    assert "mkdocs" not in {line.partition("==")[0] for line in made["constraints"]}


def test_an_older_environment_holds_the_lock_s_numpy_where_it_can():
    wanted, constraints = requirements(Settings(root=Path("."), snippets_dir=Path("."), cache_dir=Path(".")), "0.4.38")
    assert wanted == ["jax==0.4.38", "jaxlib==0.4.38"]
    from importlib import metadata
    assert f"numpy=={metadata.version('numpy')}" in constraints
    assert not any(line.startswith(("jax==", "jaxlib==")) for line in constraints)


def test_an_older_version_that_times_out_gave_no_answer_and_nothing_is_cached(runner):
    # A timeout says how busy the machine was, not what that JAX does: no output, no "fails" tab.
    snippet = load_snippet(runner.settings.snippets_dir, "slow.py")
    older = fake_older("0.4.38")
    outcome = runner.run(snippet, 1, env=older)
    assert not outcome.ok and outcome.output is None and outcome.failed_on is None
    assert outcome.problem.startswith("snippets/slow.py:3: timed out after 1 s")
    assert runner.cache_for(older).get(cache_key(snippet, runner.settings.max_output_bytes, older)) is None


def test_an_unfinished_older_version_is_named_in_the_log_the_page_and_the_changes_page(settings):
    from live_engine.matrix import summary, unfinished
    directive, snippet = _directive(settings)
    timed_out = Outcome("square.py", None, "snippets/square.py:1: timed out after 120 s (set timeout=...)")
    others = [("0.9.2", Outcome("square.py", "9\n")), ("0.4.38", timed_out)]
    shown = render_versions(directive, snippet, "9\n", others, "SHOWN\n")
    assert "jax 0.9.2 prints the same." in shown and "0.4.38" not in shown.split("prints the same")[0]
    assert "jax 0.4.38 gave no output in this build (timed out after 120 s), so it is not compared here." in shown
    assert "(fails)" not in shown and "===" not in shown
    matrix = {"0.4.38": {"square.py": timed_out}}
    assert unfinished(matrix) == ["jax 0.4.38: snippets/square.py:1: timed out after 120 s (set timeout=...) "
                                  "(not compared; the next build runs it again; a snippet that hangs there "
                                  "every time can take timeout= on its directive)"]
    assert summary(matrix, {"square.py": Outcome("square.py", "9\n")}).endswith("; 1 did not finish")
    text = changes_page({"docs/a.md": "# A\n\n<!-- live: square.py -->\n"}, {"square.py": Outcome("square.py", "9\n")},
                        matrix, {"docs/a.md": "A"})
    assert '!!! warning "Not compared in this build"' in text
    assert "- `snippets/square.py` on jax 0.4.38: `timed out after 120 s`" in text
    assert "No other output differs: every snippet compared prints the same" in text


def test_when_every_older_version_gave_no_answer_the_page_names_each_and_claims_no_sameness(settings):
    directive, snippet = _directive(settings)
    timed_out = Outcome("square.py", None, "snippets/square.py:1: timed out after 120 s")
    shown = render_versions(directive, snippet, "9\n", [("0.9.2", timed_out), ("0.4.38", timed_out)], "SHOWN\n")
    assert shown.startswith("SHOWN") and "same" not in shown and "===" not in shown
    assert shown.count("gave no output in this build (timed out after 120 s)") == 2


def test_each_older_tab_s_diff_is_titled_with_both_versions(settings):
    directive, snippet = _directive(settings)
    shown = render_versions(directive, snippet, "9\n", [("0.4.38", Outcome("square.py", "9.0\n"))], "unused")
    assert f'```diff title="What changed from jax 0.4.38 to jax {pinned_env().version}"' in shown


def test_outputs_differing_only_in_trailing_newlines_print_the_same(settings):
    # The page shows both without them, and the diff compares them without: "0 lines gone" is no change.
    directive, snippet = _directive(settings)
    others = [("0.4.38", Outcome("square.py", "9\n\n"))]
    assert "jax 0.4.38 prints the same." in render_versions(directive, snippet, "9\n", others, "SHOWN\n")
    text = changes_page({"docs/a.md": "# A\n\n<!-- live: square.py -->\n"}, {"square.py": Outcome("square.py", "9\n")},
                        {"0.4.38": {"square.py": others[0][1]}}, {"docs/a.md": "A"})
    assert "No output differs" in text and "0 lines" not in text


# --- on the page ----------------------------------------------------------------------------------

def test_versions_printing_the_same_text_are_grouped():
    a, b = Outcome("x.py", "old\n"), Outcome("x.py", "new\n")
    same, differing = groups("new\n", [("0.9.2", b), ("0.6.2", a), ("0.4.38", a)])
    assert same == ["0.9.2"] and differing == [(["0.6.2", "0.4.38"], a)]


def _directive(settings, line="<!-- live: square.py -->"):
    return parse_page(f"# Page\n\n{line}\n", "docs/page.md").directives[0], load_snippet(settings.snippets_dir, "square.py")


def test_a_snippet_printing_the_same_everywhere_gets_one_output_and_a_note(settings):
    directive, snippet = _directive(settings)
    shown = render_versions(directive, snippet, "9\n", [("0.4.38", Outcome("square.py", "9\n"))], "SHOWN\n")
    assert shown.startswith("SHOWN") and "jax 0.4.38 prints the same." in shown and "===" not in shown


def test_differing_outputs_get_version_tabs_pinned_first_with_a_diff(settings):
    directive, snippet = _directive(settings)
    pinned = pinned_env().version
    others = [("0.9.2", Outcome("square.py", "9\n")), ("0.4.38", Outcome("square.py", "9.0\n"))]
    shown = render_versions(directive, snippet, "9\n", others, "unused")
    assert shown.index("```python") < shown.index(f'=== "jax {pinned} (pinned)"') < shown.index('=== "jax 0.4.38"')
    assert '<div class="live-output" data-snippet="square.py" data-version="0.4.38"' in shown
    assert f"--- jax 0.4.38\n    +++ jax {pinned}\n" in shown and "    -9.0\n    +9\n" in shown
    assert f"jax 0.9.2 prints what jax {pinned} prints." in shown


def test_a_source_mapped_directive_keeps_its_pinned_rendering_whole_with_older_tabs_under_it(settings):
    directive, snippet = _directive(settings, "<!-- live: square.py map=source -->")
    shown = render_versions(directive, snippet, "9\n", [("0.4.38", Outcome("square.py", "9.0\n"))], "PINNED\n")
    assert shown.startswith("PINNED\n\n") and '=== "jax 0.4.38"' in shown and "(pinned)" not in shown


def test_render_draws_the_version_tabs_itself_when_given_the_older_outcomes(settings):
    # One way in for every directive: the caller passes the older versions' outcomes, render() does the rest.
    directive, snippet = _directive(settings)
    others = [("0.4.38", Outcome("square.py", "9.0\n"))]
    assert render(directive, snippet, "9\n", None, others) == \
        render_versions(directive, snippet, "9\n", others, render(directive, snippet, "9\n"))
    assert '=== "jax 0.4.38"' in render(directive, snippet, "9\n", None, others)
    assert render(directive, snippet, "9\n", None, []) == render(directive, snippet, "9\n")


def test_an_older_version_that_fails_shows_its_error_and_no_diff(settings):
    directive, snippet = _directive(settings)
    failed = Outcome("square.py", "Traceback ...\nAttributeError: x\n", failed_on="0.4.38")
    shown = render_versions(directive, snippet, "9\n", [("0.4.38", failed)], "unused")
    assert '=== "jax 0.4.38 (fails)"' in shown and "AttributeError: x" in shown and "```diff" not in shown


def test_the_changes_page_lists_differing_snippets_by_chapter_with_their_diffs():
    pages = {"docs/a.md": "# Chapter A\n\n<!-- live: same.py -->\n<!-- live: changed.py -->\n",
             "docs/b.md": "# Chapter B\n\n<!-- live: same.py -->\n"}
    pinned = {"same.py": Outcome("same.py", "x\n"), "changed.py": Outcome("changed.py", "jit\n")}
    matrix = {"0.4.38": {"same.py": Outcome("same.py", "x\n"), "changed.py": Outcome("changed.py", "pjit\n")}}
    text = changes_page(pages, pinned, matrix, {"docs/a.md": "Chapter A", "docs/b.md": "Chapter B"})
    assert "## Chapter A" in text and "## Chapter B" not in text and "### `snippets/changed.py`" in text
    assert "-pjit\n    +jit" in text and "same.py" not in text
    assert "| [Chapter A](a.md) | 1 |" in text  # the table of chapters
    assert '??? abstract "jax 0.4.38: 1 line gone, 1 new in ' in text  # each diff folded, its size on the fold
    assert "LIVE_VERSIONS=all" in changes_page(pages, pinned, {}, {})  # without the matrix it says how


def test_the_changes_page_leads_with_what_changed_since_the_previous_pin():
    pages = {"docs/a.md": "# A\n\n<!-- live: changed.py -->\n<!-- live: older_only.py -->\n<!-- live: fixed.py -->\n"}
    pinned = {"changed.py": Outcome("changed.py", "ft_in\n"), "older_only.py": Outcome("older_only.py", "x\n"),
              "fixed.py": Outcome("fixed.py", "ok\n")}
    matrix = {"0.10.2": {"changed.py": Outcome("changed.py", "num_carry\n"),
                         "older_only.py": Outcome("older_only.py", "x\n"),
                         "fixed.py": Outcome("fixed.py", "IndexError\n", failed_on="0.10.2")},
              "0.4.38": {"changed.py": Outcome("changed.py", "num_carry\n"),
                         "older_only.py": Outcome("older_only.py", "y\n"),
                         "fixed.py": Outcome("fixed.py", "ok\n")}}
    text = changes_page(pages, pinned, matrix, {"docs/a.md": "A"}, previous="0.10.2")
    lead = text[text.index("## Upgrading from jax 0.10.2"):text.index("## Every version")]
    assert "| [A](a.md) | [`snippets/changed.py`](#changed-changed-py) | 1 line gone, 1 new |" in lead
    assert "[`snippets/fixed.py`](#changed-fixed-py) | runs on " in lead and "failed on 0.10.2" in lead
    assert "older_only.py" not in lead  # it differs on 0.4.38 alone: below, not in the lead
    assert "#### `snippets/changed.py` {#changed-changed-py}" in text  # the id the lead links to
    assert "## Upgrading" not in changes_page(pages, pinned, matrix, {"docs/a.md": "A"})  # no previous pin named


def test_a_previous_pin_that_prints_the_same_says_so():
    pages = {"docs/a.md": "# A\n\n<!-- live: same.py -->\n<!-- live: old.py -->\n"}
    pinned = {"same.py": Outcome("same.py", "x\n"), "old.py": Outcome("old.py", "new\n")}
    matrix = {"0.10.2": {"same.py": Outcome("same.py", "x\n"), "old.py": Outcome("old.py", "new\n")},
              "0.4.38": {"same.py": Outcome("same.py", "x\n"), "old.py": Outcome("old.py", "old\n")}}
    text = changes_page(pages, pinned, matrix, {"docs/a.md": "A"}, previous="0.10.2")
    assert "Every output compared prints the same on both." in text


def test_the_changes_page_covers_both_snippets_of_a_comparison():
    pages = {"docs/a.md": "# A\n\n<!-- live: before.py compare=after.py -->\n"}
    pinned = {"before.py": Outcome("before.py", "1\n"), "after.py": Outcome("after.py", "2\n")}
    matrix = {"0.4.38": {"before.py": Outcome("before.py", "1\n"), "after.py": Outcome("after.py", "3\n")}}
    text = changes_page(pages, pinned, matrix, {"docs/a.md": "A"})
    assert "### `snippets/after.py`" in text and "snippets/before.py" not in text


# --- records --------------------------------------------------------------------------------------

def test_an_output_matching_its_record_passes(settings):
    assert records.accept(settings, "square.py", "9\n")
    assert (settings.root / "records" / "square.py.txt").read_text() == "9\n"
    assert records.check(settings, "square.py", "9\n") is None
    assert not records.accept(settings, "square.py", "9\n")  # unchanged: not rewritten


def test_a_changed_output_fails_with_a_unified_diff_and_how_to_accept_it(settings):
    records.accept(settings, "square.py", "a\nb\nc\n")
    said = records.check(settings, "square.py", "a\nB\nc\n")
    assert said.startswith("snippets/square.py: the output no longer matches its record records/square.py.txt")
    assert "uv run pytest docs/ --accept-outputs" in said
    assert "--- records/square.py.txt\n+++ this run\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c" in said


def test_a_missing_record_fails_saying_how_to_write_it(settings):
    said = records.check(settings, "other.py", "x\n")
    assert "has no record (records/other.py.txt)" in said and "--accept-outputs" in said


def test_a_missing_final_newline_shows_in_the_diff(settings):
    records.accept(settings, "square.py", "9\n")
    assert "\\ No newline at end of file" in records.check(settings, "square.py", "9")


def test_unrecorded_snippets_and_projects_without_records_are_not_checked(settings):
    assert records.check(settings, "machine.py", "4 cores\n") is None
    assert not records.accept(settings, "machine.py", "4 cores\n")
    bare = Settings(root=settings.root, snippets_dir=settings.snippets_dir, cache_dir=settings.cache_dir)
    assert records.check(bare, "square.py", "anything") is None


def test_records_of_snippets_no_chapter_shows_are_orphans(settings):
    records.accept(settings, "square.py", "9\n")
    records.accept(settings, "gone/old.py", "x\n")
    (settings.root / "records" / "machine.py.txt").write_text("4 cores\n")  # unrecorded: no record belongs
    assert records.orphans(settings, {"square.py", "machine.py"}) == [
        settings.root / "records" / "gone" / "old.py.txt", settings.root / "records" / "machine.py.txt"]
    # A record per target (records/compiled-for/TARGET/): kept while a directive names that target.
    records.accept(settings, "square.py", "9\n", "h100")
    kept = records.orphans(settings, {"square.py"}, {("square.py", "h100")})
    assert settings.root / "records" / "compiled-for" / "h100" / "square.py.txt" not in kept
    assert settings.root / "records" / "compiled-for" / "h100" / "square.py.txt" in records.orphans(settings, {"square.py"})


def test_the_real_site_has_no_record_of_a_snippet_no_chapter_shows():
    """Records of deleted or renamed snippets are left over; so are reasons for snippets no chapter shows.
    (A chapter's snippet without a record fails its own item under `pytest docs/`.)"""
    root = Path(__file__).resolve().parent.parent
    settings = load_settings(root)
    shown = {path for page in (root / "docs").rglob("*.md")
             for directive in parse_page(page.read_text(encoding="utf-8"), f"docs/{page.name}").directives
             for path in directive.paths}  # a compare= directive runs two
    targeted = {(directive.path, target) for page in (root / "docs").rglob("*.md")
                for directive in parse_page(page.read_text(encoding="utf-8"), f"docs/{page.name}").directives
                for target in directive.targets}
    left = [str(path.relative_to(root)) for path in records.orphans(settings, shown, targeted)]
    assert not left, f"records of snippets no chapter shows: {left}; delete them"
    unknown = sorted(name for name, _ in settings.unrecorded if name not in shown)
    assert not unknown, f"[tool.live] unrecorded names snippets no chapter shows: {unknown}"


# --- end to end: a tiny site built on the pinned JAX and on jax 0.4.38 ----------------------------

NESTED = "import jax\nimport jax.numpy as jnp\n\nprint(jax.make_jaxpr(lambda x: jax.jit(lambda y: y * 2)(x))(jnp.ones(3)))\n"
SAME = "print('the same everywhere')\n"
NEW_API = "import jax\nfrom jax import shard_map\n\nprint('jax.shard_map is here')\n"
# On jax 0.4.38 this logs cache misses with the time and object ids; the pinned JAX logs none here.
LOGGED = ("import jax\nimport jax.numpy as jnp\n\njax.config.update('jax_explain_cache_misses', True)\n"
          "print(jax.jit(jnp.sin)(jnp.zeros(2)))\n")


def _text(html_text: str) -> str:
    import html
    import re
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))


@pytest.fixture(scope="module")
def matrix_site(tmp_path_factory):
    from tinysite import make_site, mkdocs_build
    folder = tmp_path_factory.mktemp("matrix")
    make_site(folder, {"index.md": "# Tiny\n\n<!-- live: nested.py -->\n\n<!-- live: same.py -->\n\n"
                                   "<!-- live: new_api.py -->\n\n<!-- live: logged.py -->\n"},
              {"nested.py": NESTED, "same.py": SAME, "new_api.py": NEW_API, "logged.py": LOGGED},
              tool_live=f'jax_compare = ["{OLDER}"]\nchanges_page = "what-changed.md"\n')
    yml = folder / "mkdocs.yml"  # the real site's tabs
    yml.write_text(yml.read_text().replace("pymdownx.highlight]", "pymdownx.highlight, "
                                           "{pymdownx.tabbed: {alternate_style: true}}]"))
    first = mkdocs_build(folder, "--strict", LIVE_VERSIONS="all")
    pages = {name: (folder / "site" / name).read_text() for name in ("index.html", "what-changed/index.html")}
    second = mkdocs_build(folder, "--strict", LIVE_VERSIONS="all")
    pinned_only = mkdocs_build(folder, "--strict")
    return folder, first, pages, second, pinned_only


def test_the_matrix_build_makes_the_older_environment_in_the_cache_and_reports_each_version(matrix_site):
    folder, first, _, _, _ = matrix_site
    assert first.returncode == 0, first.stderr
    assert f"making the environment for jax {OLDER}" in first.stderr
    assert (folder / ".cache" / "live" / f"jax-{OLDER}" / "env" / "bin" / "python").exists()
    assert f"live: jax {OLDER}: 4 snippets, 4 ran, 0 from the cache; 3 print otherwise" in first.stderr


def test_an_output_that_differs_gets_tabs_pinned_first_and_a_diff(matrix_site):
    _, _, pages, _, _ = matrix_site
    page = pages["index.html"]
    labels = __import__("re").findall(r'<label for="__tabbed_1_\d">([^<]+)</label>', page)
    assert labels == [f"jax {pinned_env().version} (pinned)", f"jax {OLDER}"]
    text = _text(page)
    assert "b:f32[3] = jit[" in text and "b:f32[3] = pjit[" in text
    assert f"--- jax {OLDER}\n+++ jax {pinned_env().version}\n" in text
    assert "-    b:f32[3] = pjit[\n+    b:f32[3] = jit[\n" in text
    assert f'data-version="{OLDER}"' in page and 'class="live-diff"' in page


def test_an_output_that_does_not_differ_gets_one_output_and_a_note(matrix_site):
    _, _, pages, _, _ = matrix_site
    assert f"jax {OLDER} prints the same." in _text(pages["index.html"])
    assert _text(pages["index.html"]).count("the same everywhere") == 2  # the source's line, and one output


def test_an_api_the_older_version_lacks_shows_its_import_error_as_its_output(matrix_site):
    _, first, pages, _, _ = matrix_site
    text = _text(pages["index.html"])
    assert f"jax {OLDER} (fails)" in text
    assert "ImportError: cannot import name 'shard_map' from 'jax' (<site-packages>/jax/__init__.py)" in text
    assert "ImportError" not in first.stderr  # not a build failure


def test_the_changes_page_lists_the_differing_snippets_with_their_diffs(matrix_site):
    _, _, pages, _, _ = matrix_site
    text = _text(pages["what-changed/index.html"])
    assert "snippets/nested.py" in text and "snippets/new_api.py" in text and "snippets/same.py" not in text
    assert "-    b:f32[3] = pjit[" in text


def test_a_second_matrix_build_runs_nothing_and_a_pinned_build_keeps_the_older_results(matrix_site):
    folder, _, _, second, pinned_only = matrix_site
    assert f"live: jax {OLDER}: 4 snippets, 0 ran, 4 from the cache" in second.stderr
    assert pinned_only.returncode == 0, pinned_only.stderr
    assert "data-version" not in (folder / "site" / "index.html").read_text()
    assert "LIVE_VERSIONS=all" in _text((folder / "site" / "what-changed" / "index.html").read_text())
    assert len(list((folder / ".cache" / "live" / f"jax-{OLDER}" / "results").glob("*.json"))) == 4


def test_an_older_jax_s_log_lines_show_no_time_and_no_object_id(matrix_site):
    # What makes an output differ from run to run is normalized on every version, not only the pinned one.
    import re
    _, _, pages, _, _ = matrix_site
    page = pages["index.html"]
    older = page[page.index(f'data-snippet="logged.py" data-version="{OLDER}"'):]
    older = _text(older[:older.index("</div>")])
    assert "WARNING:<time>:jax._src.pjit:" in older and "TRACING CACHE MISS" in older
    assert re.search(r"\bid=…", older) and not re.search(r"\bid=\d{5,}", older)
    assert not re.search(r"\b20\d\d-[01]\d-[0-3]\d\b", _text(page)), "a date on the page"
