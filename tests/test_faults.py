"""Faults, one test each: every bad snippet or directive is a located error, or is contained.

Each test builds a one-page project in a temporary folder through `build()`, the
function both the MkDocs hook and `pytest docs/` stand on, and checks three things
the reader and the author rely on: the error names the chapter's line and the
snippet's line; the workers survive (a good snippet in the same build still runs);
nothing is left in the cache that could later be shown as stale output.

This is the one layer where raising, hanging, exiting and crashing are tested: the
runner and the workers below it are not tested for them again.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from live_engine.build import build
from live_engine.cache import cache_key
from live_engine.runner import Runner
from live_engine.settings import load_settings
from live_engine.snippets import load_snippet
from tinysite import make_project, make_site, mkdocs_build, write_files

GOOD = 'print("still fine")\n'


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A project folder and one runner (with its warm workers) for every test of this module."""
    root = make_project(tmp_path_factory.mktemp("faults"), tool_live="timeout = 60\n")
    runner = Runner(load_settings(root))
    yield root, runner
    runner.close()


def write(root: Path, snippets: dict[str, str]) -> None:
    write_files(root / "snippets", snippets)


def build_page(project, page: str, snippets: dict[str, str] | None = None):
    """Build docs/faults.md holding `page`, with the good snippet beside whatever it names."""
    root, runner = project
    write(root, {"good.py": GOOD, **(snippets or {})})
    return build({"docs/faults.md": page}, runner)


def cached_outputs(folder: Path) -> list[str]:
    return [json.loads(p.read_text())["output"] for p in folder.glob("*.json")] if folder.exists() else []


def assert_contained(project, result, name: str) -> None:
    """The good snippet ran in the same build; the bad one left nothing in the cache."""
    root, runner = project
    assert result.outcomes["good.py"].output == "still fine\n"
    assert not result.outcomes[name].ok
    bad = load_snippet(root / "snippets", name)
    assert runner.cache.get(cache_key(bad, runner.settings.max_output_bytes)) is None


PAGE = "# Faults\n\n<!-- live: good.py -->\n\n<!-- live: {name} {options}-->\n"  # the bad one is line 5


def bad_build(project, name: str, source: str, options: str = ""):
    result = build_page(project, PAGE.format(name=name, options=options), {name: source})
    assert len(result.errors) == 1, result.errors
    assert_contained(project, result, name)
    return result.errors[0]


# 1. Snippets that fail -------------------------------------------------------------


def test_a_raising_snippet_names_the_chapter_line_and_the_snippet_line(project):
    error = bad_build(project, "raises.py", """\
        rates = {"a": 1.0}
        print(rates["b"])
    """)
    assert error.startswith("docs/faults.md:5: snippets/raises.py:2: KeyError: 'b'")


def test_a_snippet_that_never_returns_is_stopped_at_its_timeout_and_line(project):
    build_page(project, "<!-- live: good.py -->\n")  # the worker is warm: the clock times the timeout alone
    started = time.monotonic()
    error = bad_build(project, "hangs.py", """\
        import time
        print("waiting")
        while True:
            time.sleep(0.05)
    """, "timeout=2 ")
    assert 2 <= time.monotonic() - started < 2 + 1.5  # faulthandler's exit, at the timeout
    assert error.startswith("docs/faults.md:5: snippets/hangs.py:4: timed out after 2 s")
    assert "set timeout=SECONDS" in error  # says what to do
    assert "What it printed before that:\n    waiting" in error


@pytest.mark.parametrize("source, expected", [
    ("import sys\nsys.exit(0)\n", "snippets/exits.py:2: SystemExit: the snippet called sys.exit(0)"),
    ("import os\nos._exit(3)\n", "snippets/exits.py: the snippet's process died: it exited with status 3"),
    ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
     "snippets/exits.py: the snippet's process died: killed by signal 9 (SIGKILL)"),
    ("import ctypes\nctypes.string_at(0)\n",
     "snippets/exits.py:2: the snippet's process died: killed by signal 11 (SIGSEGV)"),
], ids=["sys.exit(0)", "os._exit(3)", "SIGKILL", "segfault"])
def test_a_snippet_that_ends_its_own_process_is_reported_and_contained(project, source, expected):
    error = bad_build(project, "exits.py", source)
    assert error.startswith(f"docs/faults.md:5: {expected}"), error


def test_the_workers_survive_a_crash_for_the_next_build(project):
    bad_build(project, "exits.py", "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n")
    started = project[1].pool.started
    write(project[0], {"after.py": "import jax.numpy as jnp\nprint(jnp.arange(3).sum())\n"})
    result = build({"docs/faults.md": "<!-- live: after.py -->\n"}, project[1])
    assert result.errors == [] and result.outcomes["after.py"].output == "3\n"
    assert project[1].pool.started == started  # the same worker: a crash costs only the snippet's process


def test_fifty_megabytes_of_output_are_cut_with_a_notice_and_stopped_at_the_cap(project):
    """Memory and disk stay bounded: the snippet is stopped once it passes the cap, at
    once rather than at its timeout, and the page says what happened."""
    root, runner = project
    write(root, {"loud.py": "import sys, time\nfor _ in range(50):\n    sys.stdout.write('x' * 1_000_000)\n"
                            "time.sleep(60)\n"})
    tracemalloc.start()
    started = time.monotonic()
    try:
        result = build({"docs/faults.md": "<!-- live: loud.py -->\n"}, runner)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    output = result.outcomes["loud.py"].output
    cap = runner.settings.max_output_bytes
    assert time.monotonic() - started < 30  # not its 60 s sleep, nor its 60 s timeout
    assert output.startswith("x" * 1000) and len(output) < cap + 500
    assert output.endswith(f"[… output cut: the snippet printed more than {cap:,} bytes and was stopped there; "
                           f"the first {cap:,} are shown]\n")
    assert peak < 8 * cap  # the 50 MB never sat in this process's memory


# 2. What a snippet prints is shown faithfully and safely --------------------------------


def test_bytes_that_are_not_utf8_ansi_colours_progress_lines_and_nul_are_shown_as_text(project):
    root, runner = project
    write(root, {"bytes.py": r"""
        import os
        os.write(1, b"latin-1: caf\xe9\n")
        print("\x1b[31mred\x1b[0m")
        print("progress 10%\rprogress 100%")
        print("nul:\x00.")
    """})
    output = build({"docs/faults.md": "<!-- live: bytes.py -->\n"}, runner).outcomes["bytes.py"].output
    assert output.splitlines() == ["latin-1: caf\\xe9", "red", "progress 100%", "nul:\\x00."]


def test_markup_in_an_output_reaches_the_page_as_text(tmp_path):
    """Through MkDocs itself: the page's HTML holds the escaped text, never the tags."""
    make_site(tmp_path, {"index.md": "# Markup\n\n<!-- live: markup.py -->\n"},
              {"markup.py": 'print("<script>alert(1)</script>")\nprint("tensor<4xf32>")\n'})
    built = mkdocs_build(tmp_path, "--strict")
    assert built.returncode == 0, built.stderr
    page = (tmp_path / "site" / "index.html").read_text()
    assert "<script>alert(1)" not in page and "tensor<4xf32>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "tensor&lt;4xf32&gt;" in page


# 3. Bad directives: an error with the chapter's line ------------------------------------


@pytest.mark.parametrize("directive, message", [
    ("<!-- live: missing.py -->", "missing.py"),
    ("<!-- live: ../../etc/passwd -->", ".."),
    ("<!-- live: /etc/passwd.py -->", "must be relative"),
    ("<!-- live: escape.py -->", "outside the snippets folder"),
    ("<!-- live: good.py colour=red -->", "colour"),
    ("<!-- live: good.py source=sideways -->", "sideways"),
    ("<!-- live: good.py", "-->"),
    ("<!-- live: -->", "path"),
], ids=["missing", "dot-dot", "absolute", "symlink-out", "unknown-option", "bad-value", "unclosed", "no-path"])
def test_a_bad_directive_is_an_error_naming_the_chapter_line(project, directive, message):
    root, _ = project
    link = root / "snippets" / "escape.py"
    if not link.is_symlink():
        outside = root / "outside.py"
        outside.write_text("print('outside')\n")
        link.symlink_to(outside)
    result = build_page(project, f"# Faults\n\nText.\n\n{directive}\n")
    assert len(result.errors) == 1, result.errors
    assert result.errors[0].startswith("docs/faults.md:5: "), result.errors[0]
    assert message in result.errors[0], result.errors[0]


# 4. The cache: never stale, whole under two builds at once -------------------------------------------


def test_an_edited_snippet_that_now_fails_never_shows_its_old_output(project):
    root, runner = project
    write(root, {"edited.py": 'print("old output")\n'})
    assert build({"docs/faults.md": "<!-- live: edited.py -->\n"}, runner).errors == []
    write(root, {"edited.py": 'print("new" + 1)\n'})
    result = build({"docs/faults.md": "<!-- live: edited.py -->\n"}, runner)
    assert result.errors and result.outcomes["edited.py"].output is None
    assert "TypeError" in result.errors[0]


CONCURRENT_BUILD = """\
import sys
from pathlib import Path
sys.path.insert(0, {hooks!r})
from live_engine.build import build
from live_engine.runner import Runner
from live_engine.settings import load_settings
root = Path(sys.argv[1])
runner = Runner(load_settings(root))
pages = {{"docs/a.md": "".join(f"<!-- live: s{{i}}.py -->\\n" for i in range(6))}}
result = build(pages, runner)
runner.close()
assert not result.errors, result.errors
print("".join(result.outcomes[f"s{{i}}.py"].output for i in range(6)), end="")
"""


def test_two_builds_at_once_on_one_checkout_keep_the_cache_consistent(tmp_path):
    make_project(tmp_path, {f"s{i}.py": f"print('snippet {i}')\n" for i in range(6)})
    script = tmp_path / "concurrent_build.py"
    script.write_text(CONCURRENT_BUILD.format(hooks=str(Path(__file__).resolve().parent.parent / "hooks")))
    builds = [subprocess.Popen([sys.executable, str(script), str(tmp_path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [b.communicate(timeout=300) for b in builds]
    expected = "".join(f"snippet {i}\n" for i in range(6))
    for build_process, (stdout, stderr) in zip(builds, results):
        assert build_process.returncode == 0, stderr
        assert stdout == expected
    folder = load_settings(tmp_path).cache_dir
    assert sorted(cached_outputs(folder)) == sorted(f"snippet {i}\n" for i in range(6))
    assert [p.name for p in folder.iterdir() if not p.name.endswith(".json")] == []  # no half-written files
