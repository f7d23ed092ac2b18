"""`pytest docs/`: every chapter is a test file, collected by Sybil.

- each `<!-- live: ... -->` line is one test item: it runs its snippet through the
  same engine as the build, but freshly (never from the build's cache), and puts
  the output in the page's namespace as `outputs["path/to/snippet.py"]`;
- each plain ```python block is run, and each ```python block of `>>>` lines is a
  doctest, so a claim made about an output is checked on the page that makes it;
- `<!-- skip: next -->` skips the block after it, and says so in the test report;
- each output is compared with its record (`records/PATH.txt`, see
  hooks/live_engine/records.py): a difference fails the item with a unified diff,
  and `--accept-outputs` writes the new outputs as the records instead;
- a directive with `targets=` runs its snippet for each target too (target_runs.py),
  compares each output with its record (`records/compiled-for/TARGET/PATH.txt`) and puts it
  in the namespace as `target_outputs["tpu-v5e"]["path/to/snippet.py"]`.

Where the snippets come from:
- when the session also builds the site from an empty cache (tests/' `clean_site`
  fixture, in a full `uv run pytest`), that build's outputs are as fresh as a run here
  would be: it names its cache in $LIVE_FRESH_RESULTS and each item takes its output
  from there, so a snippet runs once per session, not twice;
- otherwise (`pytest docs/`, `pytest docs/basics.md`) every snippet the collected items
  name is started on the engine's parallel workers as soon as collection ends, and each
  item waits for its own result when its turn comes.
"""

from __future__ import annotations

import dataclasses
import os
from concurrent.futures import Future
from pathlib import Path

import pytest
from sybil import Region, Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

from live_engine.build import failure_report, jobs, snippet_for
from live_engine.cache import ResultCache, cache_key
from live_engine import records
from live_engine.directives import Directive, parse_page
from live_engine.graph import GraphError, hlo_dot
from live_engine.runner import Outcome, Runner, cached_outcome
from live_engine.settings import load_settings
from live_engine.snippets import Snippet, SnippetError
from live_engine.target_runs import for_target
from live_engine.targets import TARGETS, wanted_targets
from live_engine.versions import existing_env, results_folder

ROOT = Path(__file__).resolve().parent.parent
FRESH_RESULTS_VARIABLE = "LIVE_FRESH_RESULTS"  # set by tests/conftest.py after its clean build
_session: dict = {"runner": None, "started": {}}  # the runner, and the futures it started, by snippet


def pytest_addoption(parser):
    parser.addoption(records.ACCEPT_OPTION, action="store_true", dest="accept_outputs",
                     help="write each snippet's output as its record (records/PATH.txt) instead of comparing "
                          "it with the record; commit the records that changed")


def pytest_configure(config):
    _session["accept"] = config.getoption("accept_outputs", False)


def _runner() -> Runner:
    if _session["runner"] is None:
        _session["runner"] = Runner(load_settings(ROOT), use_cache=False)
    return _session["runner"]


def pytest_collection_finish(session):
    """Start every snippet the collected items name, unless a clean build will supply them."""
    items = session.items
    if any("clean_site" in getattr(item, "fixturenames", ()) for item in items):
        return  # the clean build runs every snippet fresh; items read its cache
    directives = [item.example.parsed for item in items
                  if isinstance(getattr(getattr(item, "example", None), "parsed", None), Directive)]
    runner, snippets = _runner(), {}
    for directive in directives:
        try:
            for path in directive.paths:
                snippets[path] = snippet_for(directive, runner.settings.snippets_dir, snippets, path)
        except SnippetError:
            continue  # its item reports the error, with the chapter's line
    loaded = [directive for directive in directives if all(path in snippets for path in directive.paths)]
    _session["started"] = runner.start(jobs(loaded, snippets, runner.settings.timeout))


def pytest_sessionfinish(session):
    runner, _session["runner"] = _session["runner"], None
    if runner is not None:
        runner.close()


@pytest.fixture(scope="session")
def live_runner():
    return _runner()


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
    for path in directive.paths:  # its own snippet, and the one it is compared with
        try:
            snippet = snippet_for(directive, runner.settings.snippets_dir, path=path)
        except SnippetError as error:
            return str(error)
        outcomes = example.namespace["live_outcomes"]
        if path not in outcomes:
            started: Future | None = _session["started"].get(path)
            outcomes[path] = (_fresh_result(snippet, runner) or (started and started.result())
                              or runner.run(snippet, directive.timeout or runner.settings.timeout))
        outcome = outcomes[path]
        if not outcome.ok:
            return failure_report(directive, outcome)  # Sybil shows a returned string as the failure
        example.namespace.setdefault("outputs", {})[path] = outcome.output
        if _session.get("accept"):
            records.accept(runner.settings, path, outcome.output)
            continue
        mismatch = records.check(runner.settings, path, outcome.output)
        if mismatch:
            return f"{directive.where}: {mismatch}"
    wanted = wanted_targets()
    for target in [target for target in directive.targets if wanted is None or target in wanted]:
        problem = _run_for_target(example, directive, target, runner)
        if problem:
            return problem
    if directive.picture == "show":  # the graph the build would draw: the same error, at the same line
        for path in directive.paths:
            try:
                hlo_dot(example.namespace["outputs"][path])
            except GraphError as error:
                return f"{directive.where}: picture=show: snippets/{path}: {error}"


def _run_for_target(example, directive: Directive, target: str, runner: Runner) -> str | None:
    """Run the directive's snippet for `target` (or take the clean build's run), check its record,
    and put its output in the namespace; what went wrong, or None."""
    snippet = for_target(snippet_for(directive, runner.settings.snippets_dir), target)
    key = TARGETS[target].environment
    outcome = _fresh_target_result(snippet, key, runner)
    if outcome is None:
        outcome = runner.run(snippet, directive.timeout or runner.settings.timeout, env=runner.environment(key))
    if not outcome.ok or outcome.failed_on is not None:
        said = outcome.output if outcome.ok else f"{outcome.problem}\n{outcome.details}"
        return f"{directive.where}: snippets/{directive.path} fails when compiled for {target}:\n{said}"
    example.namespace.setdefault("target_outputs", {}).setdefault(target, {})[directive.path] = outcome.output
    if _session.get("accept"):
        records.accept(runner.settings, directive.path, outcome.output, target)
        return None
    mismatch = records.check(runner.settings, directive.path, outcome.output, target)
    return f"{directive.where}: {mismatch}" if mismatch else None


def _fresh_target_result(snippet: Snippet, key: str, runner: Runner) -> Outcome | None:
    """The clean build's output for this snippet on a target, from its target environment's cache."""
    folder = os.environ.get(FRESH_RESULTS_VARIABLE)
    if not folder:
        return None
    settings = dataclasses.replace(runner.settings, cache_dir=Path(folder))
    env = existing_env(settings, key)
    if env is None:
        return None
    stored = ResultCache(results_folder(settings, key)).get(cache_key(snippet, runner.settings.max_output_bytes, env))
    return None if stored is None else cached_outcome(snippet.name, stored)


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
