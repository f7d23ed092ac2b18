"""Build a tiny site with the real hook, in a temporary folder, and read what came out."""

from __future__ import annotations

import html
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from tinysite import all_end_within, as_from_a_terminal, make_site, mkdocs_build, mkdocs_env

GOOD = """\
import jax
import jax.numpy as jnp

print(jax.jit(lambda x: x * 2).lower(jnp.ones(4)).as_text())
"""
BAD = """\
values = [1, 2, 3]
print(values[1] / (values[0] - 1))
"""


@pytest.fixture(scope="module")
def good_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("good")
    make_site(folder, {"index.md": "# Tiny\n\n<!-- live: good.py -->\n"}, {"good.py": GOOD})
    first = mkdocs_build(folder, "--strict")
    second = mkdocs_build(folder, "--strict")
    return folder, first, second


def test_a_passing_snippet_builds(good_site):
    _, first, _ = good_site
    assert first.returncode == 0, first.stderr


def test_its_output_is_in_the_page_escaped(good_site):
    folder, _, _ = good_site
    page = (folder / "site" / "index.html").read_text()
    [tag] = re.findall(r'<div class="live-output"[^>]*>', page)
    assert 'data-snippet="good.py"' in tag and 'data-lang="stablehlo"' in tag
    assert "tensor<4xf32>" not in page  # never markup: escaped, whatever the highlighting splits it into
    assert "tensor<4xf32>" in html.unescape(re.sub(r"<[^>]+>", "", page))
    assert html.escape('title="snippets/good.py"') not in page  # the title is rendered, not leaked
    assert '<span class="filename">snippets/good.py</span>' in page


def test_the_build_reports_what_ran(good_site):
    _, first, second = good_site
    assert re.search(r"live: 1 snippets: 1 ran, 0 from the cache, in [\d.]+ s \(1 worker started\)", first.stderr)
    assert re.search(r"live: 1 snippets: 0 ran, 1 from the cache, in [\d.]+ s$", second.stderr, re.MULTILINE)


@pytest.mark.parametrize("strict", [["--strict"], []], ids=["strict", "not-strict"])
def test_a_failing_snippet_fails_the_build_naming_both_lines(tmp_path, strict):
    make_site(
        tmp_path,
        {"index.md": "# Tiny\n\n<!-- live: good.py -->\n\nText.\n\n<!-- live: bad.py -->\n"},
        {"good.py": GOOD, "bad.py": BAD},
    )
    result = mkdocs_build(tmp_path, *strict)
    assert result.returncode != 0
    assert "docs/index.md:7: snippets/bad.py:2: ZeroDivisionError: division by zero" in result.stderr
    assert 'File "snippets/bad.py", line 2, in <module>' in result.stderr  # the traceback follows
    assert "docs/index.md:3" not in result.stderr  # the good one is not blamed


def test_serve_shows_a_failing_snippet_on_its_page_keeps_serving_and_ctrl_c_leaves_no_worker(tmp_path):
    """`mkdocs build` stops on a failure (above); `mkdocs serve` must not exit at its first build."""
    make_site(tmp_path, {"index.md": "# Tiny\n\n<!-- live: worker.py -->\n\n<!-- live: bad.py -->\n"},
              {"worker.py": "import os\nprint('worker', os.getppid())\n", "bad.py": BAD})
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    serve = subprocess.Popen(as_from_a_terminal([sys.executable, "-m", "mkdocs", "serve", "--no-livereload", "-a", f"127.0.0.1:{port}"]),
                             cwd=tmp_path, env=mkdocs_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
    log: list[str] = []
    reader = threading.Thread(target=lambda: log.extend(serve.stderr), daemon=True)
    reader.start()
    try:
        page = _fetch_when_served(f"http://127.0.0.1:{port}/", serve, log)
        os.killpg(serve.pid, signal.SIGINT)  # Ctrl-C
        serve.wait(timeout=30)
    finally:  # however it went: nothing left running or open for a later test to trip over
        if serve.poll() is None:
            os.killpg(serve.pid, signal.SIGKILL)
            serve.wait()
        reader.join(timeout=10)
        serve.stderr.close()
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "docs/index.md:5: snippets/bad.py:2: ZeroDivisionError: division by zero" in text
    assert 'class="live-failure"' in page and "Live snippet failed." in text
    worker = int(re.search(r"worker (\d+)", text)[1])
    assert all_end_within([worker], seconds=5.0) == []
    assert "Each page shows its own" in "".join(log)


def _fetch_when_served(url: str, serve: subprocess.Popen, log: list[str], seconds: float = 120) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if serve.poll() is not None:
            raise AssertionError(f"mkdocs serve exited ({serve.returncode}):\n{''.join(log)}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.read().decode()
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"mkdocs serve did not serve {url} within {seconds} s:\n{''.join(log)}")


def test_a_page_with_front_matter_is_named_at_its_file_lines_and_run_once(tmp_path):
    """MkDocs hands on_page_markdown the text without its front matter (a recipe's search boost):
    a failure must still name the file's line, and the page must not be taken for one edited
    during the build and run again."""
    front = "---\nsearch:\n  boost: 3\n---\n\n"
    make_site(tmp_path, {"index.md": front + "# Tiny\n\n<!-- live: bad.py -->\n"}, {"bad.py": BAD})
    assert "docs/index.md:8: snippets/bad.py:2: ZeroDivisionError" in mkdocs_build(tmp_path).stderr
    make_site(tmp_path / "good", {"index.md": front + "# Tiny\n\n<!-- live: good.py -->\n"}, {"good.py": GOOD})
    built = mkdocs_build(tmp_path / "good", "--strict")
    assert built.returncode == 0, built.stderr
    assert len(re.findall(r"live: \d+ snippets?: ", built.stderr)) == 1, built.stderr  # one plan, not one per page
