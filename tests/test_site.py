"""The real site: every live output on it is what a reader gets by running the snippet.

Takes the site built from an empty cache (the `clean_site` fixture). Every live
output on it must be the engine's result for its snippet (nothing lost or changed
in rendering), and a sample of snippets is run the way a reader would,
`python snippets/X.py`, and compared after normalizing: each fresh interpreter
costs seconds of JAX import, so `uv run pytest tests/test_site.py --every-direct-run`
runs them all (about 7 minutes on two cores for the whole site).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path

import pytest

from live_engine import records
from live_engine.cache import ResultCache, cache_key
from live_engine.environment import worker_environment
from live_engine.normalize import Places, normalize
from live_engine.runner import cached_outcome
from live_engine.settings import load_settings
from live_engine.snippets import load_snippet
from live_engine.target_runs import for_target
from live_engine.targets import TARGETS
from live_engine.versions import existing_env, results_folder

ROOT = Path(__file__).resolve().parent.parent


class LiveOutputs(HTMLParser):
    """Collects the text of each `<div class="live-output" data-snippet=...>`'s code block."""

    def __init__(self):
        super().__init__()
        self.outputs: list[tuple[str, str]] = []
        self.on_targets: list[tuple[str, str, str]] = []  # (snippet, target, text)
        self._target: str | None = None
        self._snippet: str | None = None
        self._depth = 0
        self._in_code = False
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        # (an older JAX's output, in the version matrix's tabs, carries data-version: not the pinned engine's;
        # a compile target's carries data-target, and goes to `on_targets`)
        if tag == "div" and "live-output" in (attrs.get("class") or "").split() and "data-version" not in attrs:
            self._snippet, self._depth, self._text = attrs["data-snippet"], 0, []
            self._target = attrs.get("data-target")
        elif tag == "div" and self._snippet is not None:
            self._depth += 1
        elif tag == "code" and self._snippet is not None:
            self._in_code = True

    def handle_endtag(self, tag):
        if tag == "code":
            self._in_code = False
        elif tag == "div" and self._snippet is not None:
            if self._depth == 0:
                if self._target is None:
                    self.outputs.append((self._snippet, "".join(self._text)))
                else:
                    self.on_targets.append((self._snippet, self._target, "".join(self._text)))
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
    """(page, snippet, output text) of every live output of a built site. Seven tests read the clean
    build's; its 20 MB of HTML are parsed once, and again only if a page changes."""
    pages = sorted(site.rglob("*.html"))
    state = tuple((page, page.stat().st_mtime_ns, page.stat().st_size) for page in pages)
    if _PARSED.get(site, (None,))[0] != state:
        found = []
        for page in pages:
            parser = LiveOutputs()
            parser.feed(page.read_text(encoding="utf-8"))
            found += [(page.relative_to(site).as_posix(), name, text) for name, text in parser.outputs]
        _PARSED[site] = (state, found)
    return list(_PARSED[site][1])


_PARSED: dict[Path, tuple[tuple, list[tuple[str, str, str]]]] = {}  # site -> (its pages' stat, their outputs)


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


SETTINGS = load_settings(ROOT)


def engine_output(site: Path, name: str) -> str | None:
    """What the engine printed for snippet NAME in this clean build, from the build's own cache."""
    snippet = load_snippet(SETTINGS.snippets_dir, name)
    output = ResultCache(site.parent / "cache").get(cache_key(snippet, SETTINGS.max_output_bytes))
    return None if output is None else output.rstrip("\n") or "(the snippet printed nothing)"


def test_every_live_output_on_the_site_is_what_its_snippet_printed(site):
    """All outputs, cheaply: the page holds the engine's result for that snippet, nothing lost in rendering."""
    shown = live_outputs(site)
    assert shown, "the site has no live output at all"
    mismatches = [f"{page}: {name}" for page, name, text in shown if text.rstrip("\n") != engine_output(site, name)]
    assert mismatches == []


def test_every_target_tab_shows_its_record(site):
    """A compile target's tab holds what that target printed: the clean build's output, which
    `pytest docs/` also holds to its record (records/compiled-for/TARGET/), so a tab that drew the
    CPU's output, or an old one, fails here."""
    shown = []
    for page in sorted(site.rglob("*.html")):
        parser = LiveOutputs()
        parser.feed(page.read_text(encoding="utf-8"))
        shown += [(page.relative_to(site).as_posix(), *found) for found in parser.on_targets]
    assert len(shown) >= 40, f"only {len(shown)} target tabs on the site"
    def lines(text: str) -> list[str]:  # a line of spaces shows empty in the highlighted block
        return [line.rstrip(" ") for line in text.rstrip("\n").split("\n")]

    def expected(name: str, target: str) -> str | None:  # an unrecorded snippet has the build's output only
        path = records.record_path(SETTINGS, name, target)
        return path.read_text(encoding="utf-8") if path is not None else engine_target_output(site, name, target)

    mismatches = [f"{page}: {name} on {target}" for page, name, target, text in shown
                  if (wanted := expected(name, target)) is None or lines(text) != lines(wanted)]
    assert mismatches == []


def engine_target_output(site: Path, name: str, target: str) -> str | None:
    """What the clean build printed for snippet NAME compiled for TARGET, from its target environment's results."""
    settings = dataclasses.replace(SETTINGS, cache_dir=site.parent / "cache")
    key = TARGETS[target].environment
    env = existing_env(settings, key)
    if env is None:
        return None
    snippet = for_target(load_snippet(SETTINGS.snippets_dir, name), target)
    stored = ResultCache(results_folder(settings, key)).get(cache_key(snippet, SETTINGS.max_output_bytes, env))
    return None if stored is None else cached_outcome(name, stored).output


def direct_run_sample(names: list[str]) -> list[str]:
    """Every snippet that sets environment variables (the engine runs those in workers of their
    own, so they are where a run by the engine and a run by a reader could part), and the first
    snippet of each folder. `--every-direct-run` takes them all."""
    sample, folders = [], set()
    for name in names:
        folder = name.rpartition("/")[0]
        if folder not in folders or load_snippet(SETTINGS.snippets_dir, name).env:
            sample.append(name)
            folders.add(folder)
    return sample


@pytest.mark.fills_every_core  # a thread per core, each running a snippet: conftest.py runs it late
def test_a_reader_running_a_snippet_sees_what_the_page_shows(site, request):
    shown = live_outputs(site)
    names = sorted({name for _, name, _ in shown})
    if not request.config.getoption("every_direct_run"):
        names = direct_run_sample(names)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        expected = dict(zip(names, pool.map(direct_run, names)))
    mismatches = [f"{page}: {name}" for page, name, text in shown
                  if name in expected and text.rstrip("\n") != expected[name]]
    assert len(expected) >= 10 and mismatches == []


def test_the_footer_names_the_toolchain(site):
    from importlib.metadata import version

    page = (site / "index.html").read_text(encoding="utf-8")
    assert f"jax {version('jax')}, jaxlib {version('jaxlib')}" in page
