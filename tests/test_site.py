"""The real site: every live output on it is what a reader gets by running the snippet.

Takes the site built from an empty cache (the `clean_site` fixture), then runs each
snippet the way a reader would, `python snippets/X.py`, and compares the two after
normalizing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path

import pytest

from live_engine.normalize import Places, normalize
from live_engine.workers import worker_environment

ROOT = Path(__file__).resolve().parent.parent


class LiveOutputs(HTMLParser):
    """Collects the text of each `<div class="live-output" data-snippet=...>`'s code block."""

    def __init__(self):
        super().__init__()
        self.outputs: list[tuple[str, str]] = []
        self._snippet: str | None = None
        self._depth = 0
        self._in_code = False
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div" and "live-output" in (attrs.get("class") or "").split():
            self._snippet, self._depth, self._text = attrs["data-snippet"], 0, []
        elif tag == "div" and self._snippet is not None:
            self._depth += 1
        elif tag == "code" and self._snippet is not None:
            self._in_code = True

    def handle_endtag(self, tag):
        if tag == "code":
            self._in_code = False
        elif tag == "div" and self._snippet is not None:
            if self._depth == 0:
                self.outputs.append((self._snippet, "".join(self._text)))
                self._snippet = None
            else:
                self._depth -= 1

    def handle_data(self, data):
        if self._in_code:
            self._text.append(data)


@pytest.fixture(scope="module")
def site(clean_site):
    return clean_site


def live_outputs(site: Path) -> list[tuple[str, str, str]]:
    found = []
    for page in sorted(site.rglob("*.html")):
        parser = LiveOutputs()
        parser.feed(page.read_text(encoding="utf-8"))
        found += [(page.relative_to(site).as_posix(), name, text) for name, text in parser.outputs]
    return found


def direct_run(name: str) -> str:
    """`python -u snippets/NAME`, stdout and stderr merged as on a terminal.

    It runs in an empty folder of its own, as the engine runs it, so that files a
    snippet writes (dump folders) neither land in the checkout nor meet a previous run's.
    """
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run([sys.executable, "-u", str(ROOT / "snippets" / name)], cwd=folder,
                                env=worker_environment(()), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                timeout=600)
        assert result.returncode == 0, result.stdout.decode(errors="replace")
        places = Places(ROOT, Path(folder), (Path(tempfile.gettempdir()),))
        return normalize(result.stdout, places).rstrip("\n") or "(the snippet printed nothing)"


def test_every_live_output_matches_a_direct_run(site):
    shown = live_outputs(site)
    assert shown, "the site has no live output at all"
    names = sorted({name for _, name, _ in shown})
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        expected = dict(zip(names, pool.map(direct_run, names)))
    mismatches = [f"{page}: {name}" for page, name, text in shown if text.rstrip("\n") != expected[name]]
    assert mismatches == []


def test_the_footer_names_the_toolchain(site):
    from importlib.metadata import version

    page = (site / "index.html").read_text(encoding="utf-8")
    assert f"jax {version('jax')}, jaxlib {version('jaxlib')}" in page
