"""`pytest docs/`: every chapter is a test file, collected by Sybil.

- each `<!-- live: ... -->` line is one test item: it runs its snippet through the
  same engine as the build, but freshly (never from the build's cache), and puts
  the output in the page's namespace as `outputs["path/to/snippet.py"]`. When the
  whole suite runs, tests/ has already built the site from an empty cache in this
  same session (the `clean_site` fixture), and names that cache in
  $LIVE_FRESH_RESULTS: its outputs are as fresh as a run here would be, so each
  snippet runs once per session instead of twice;
- each plain ```python block is run, and each ```python block of `>>>` lines is a
  doctest, so a claim made about an output is checked on the page that makes it;
- `<!-- skip: next -->` skips the block after it, and says so in the test report.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sybil import Region, Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

import os

from live_engine.build import failure_report, snippet_for
from live_engine.cache import ResultCache, cache_key
from live_engine.directives import parse_page
from live_engine.runner import Outcome, Runner
from live_engine.settings import load_settings
from live_engine.snippets import SnippetError

ROOT = Path(__file__).resolve().parent.parent
FRESH_RESULTS_VARIABLE = "LIVE_FRESH_RESULTS"  # set by tests/conftest.py after its clean build


@pytest.fixture(scope="session")
def live_runner():
    runner = Runner(load_settings(ROOT), use_cache=False)
    yield runner
    runner.close()


@pytest.fixture(scope="session")
def live_outcomes():
    """Outcomes of this test session, by snippet: a file several directives show runs once."""
    return {}


def parse_live_directives(document):
    """Sybil parser: one region per directive, and one per malformed directive line."""
    page = Path(document.path).resolve().relative_to(ROOT).as_posix()
    parsed = parse_page(document.text, page)
    for error in parsed.errors:
        yield Region(*_line_span(document.text, error.line), error, _report_malformed)
    for directive in parsed.directives:
        yield Region(directive.start, directive.end, directive, run_directive)


def run_directive(example):
    directive = example.parsed
    runner: Runner = example.namespace["live_runner"]
    try:
        snippet = snippet_for(directive, runner.settings.snippets_dir)
    except SnippetError as error:
        return str(error)
    outcomes = example.namespace["live_outcomes"]
    if directive.path not in outcomes:
        outcomes[directive.path] = _fresh_result(snippet, runner) or runner.run(
            snippet, directive.timeout or runner.settings.timeout)
    outcome = outcomes[directive.path]
    if not outcome.ok:
        return failure_report(directive, outcome)  # Sybil shows a returned string as the failure
    example.namespace.setdefault("outputs", {})[directive.path] = outcome.output


def _fresh_result(snippet, runner: Runner) -> Outcome | None:
    """The output this session's clean build got for exactly these bytes, if there was one."""
    folder = os.environ.get(FRESH_RESULTS_VARIABLE)
    if not folder:
        return None
    output = ResultCache(Path(folder)).get(cache_key(snippet, runner.settings.max_output_bytes))
    return None if output is None else Outcome(snippet.name, output, cached=True)


def _report_malformed(example):
    return str(example.parsed)


def _line_span(text: str, line: int) -> tuple[int, int]:
    start = sum(len(row) for row in text.splitlines(keepends=True)[: line - 1])
    return start, start + len(text.splitlines()[line - 1])


pytest_collect_file = Sybil(
    parsers=[parse_live_directives, PythonCodeBlockParser(), SkipParser()],
    patterns=["*.md"],
    fixtures=["live_runner", "live_outcomes"],
).pytest()
