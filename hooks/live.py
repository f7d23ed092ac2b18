"""MkDocs hook: expand `<!-- live: ... -->` lines into snippets and their real output.

Thin event functions only; the work is in the `live_engine` package beside this
file. MkDocs loads this module (and so the engine) once per process: under
`mkdocs serve` the runner and its warm workers live across rebuilds and are stopped
in `on_shutdown`, and an edit to a file under hooks/ takes effect only when serve
is restarted (mkdocs.yml does not watch hooks/ for that reason). `[tool.live]` is
read again at every build.

`mkdocs build` stops on any failing snippet. `mkdocs serve` shows each failure on its
page instead, and goes on serving, so that saving the fix is all it takes.

`mkdocs build` runs every snippet before it writes a page. The first build of a `mkdocs
serve` does not wait for the snippets the cache lacks: it serves their pages from the
committed records, marked as not yet run on this machine, and runs them behind the pages;
the server rebuilds as their outputs come in (hooks/serve_mode/first_serve.py, live_engine/background.py).
"""

from __future__ import annotations

import atexit
import logging
import os
import time
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from live_engine.background import MIN_SPACING_SECONDS, Background
from live_engine.build import BuildResult, build
from live_engine.cache import NotCachedError, toolchain
from live_engine.directives import parse_page
from live_engine.error_index import MARK, errors_shown, index_problems, with_printed_errors
from live_engine.graph import GraphError, svg_for, use_cache
from live_engine.matrix import changes_page, prune, run_matrix, summary, unfinished
from live_engine.render import render, render_failure, render_targets
from live_engine.runner import Runner
from live_engine.settings import SettingsError, load_settings
from live_engine import target_runs
from live_engine.versions import VersionEnvError
from live_engine.workers import UnsupportedPlatform
from page_extras.ir_links import REFERENCES, anchor_rows, link_names, meanings
from page_extras.notebook_pages import highlighted_outputs, prepare_notebook, without_mermaid_loader
from page_extras.recipe_links import with_notebook_links
from serve_mode import first_serve, serve_polling, unchanged_pages

log = logging.getLogger("mkdocs.plugins.live")
_state: dict = {"runner": None, "result": None, "pages": {}, "serving": False, "matrix": {}, "last": None,
                "targets": target_runs.TargetOutcomes(),
                "first": True, "background": None, "signal": None, "build_started": 0.0, "build_seconds": 0.0,
                "errors": {}}


def on_startup(command, dirty):
    _state["serving"] = command == "serve"
    _state["first"] = True  # the next build is this process's first


def on_config(config):
    _state["build_started"] = time.monotonic()
    root = Path(config.config_file_path).parent
    try:
        settings = load_settings(root)
        runner = _state["runner"]
        if runner is None or runner.settings.root != settings.root:
            _close()
            _state["runner"] = Runner(settings)
        elif runner.settings != settings:  # [tool.live] edited under serve: new settings, same warm workers
            _state["runner"] = Runner(settings, pool=runner.pool)
    except (SettingsError, UnsupportedPlatform) as error:
        raise PluginError(f"live: {error}") from None
    config.extra["toolchain"] = toolchain()  # stamped in the footer: what produced the outputs
    return config


def on_files(files, config):
    try:
        return _files(files, config)
    except NotCachedError as error:  # the published build's last job ran what it should have found
        raise PluginError(f"live: {error}") from None


def _files(files, config):
    runner: Runner = _state["runner"]
    runner.cache.used.clear()  # from here on it collects the entries this build uses
    documents = files.documentation_pages()
    # Front matter blanked to empty lines: what on_page_markdown rebuilds from MkDocs' text.
    pages = {f"docs/{file.src_uri}": _blank_front_matter(file.content_string)
             for file in documents if file.src_uri.endswith(".md")}
    background = _background(runner)
    target_runs.make_environments_early(pages, runner.settings, _progress_line)
    result, kept = _planned(pages, runner, start=background is not None and _state["first"])
    _state["result"], _state["pages"] = result, pages
    _drawn_pictures(pages, result, runner)
    _state["matrix"] = _run_matrix(pages, result)
    _state["targets"] = _run_targets(pages, result)
    _state["errors"] = _error_index(pages, result, _state["targets"])
    settings = runner.settings
    if settings.changes_page:  # "What changed between versions", made from this build's outputs
        titles = {page: _title(text) for page, text in pages.items()}
        text = changes_page(_in_nav_order(pages, config), result.outcomes, _state["matrix"], titles,
                            settings.jax_previous_pin)
        generated = File.generated(config, settings.changes_page, content=text)
        generated.edit_uri = None  # no file in docs/ to edit
        files.append(generated)
        _state["pages"] = pages | {f"docs/{settings.changes_page}": text}
    complete = not result.errors and not result.pending
    for file in documents:
        if file.src_uri.endswith(".ipynb"):  # a page only once mkdocs-jupyter's on_files (before ours) took it
            complete &= prepare_notebook(file, files, config, runner, _state["serving"], background,
                                         start=_state["first"])
    if complete and not kept:  # every page planned: what it did not use, nothing uses
        removed = runner.cache.prune(runner.cache.used) + prune(runner, _state["matrix"]) \
            + target_runs.prune(runner, _state["targets"])
        if removed:
            log.info("live: removed %d cache entries that no page uses any more", removed)
    _state["first"] = False
    return files


def _error_index(pages: dict[str, str], result: BuildResult,
                 targets: target_runs.TargetOutcomes) -> dict[str, dict[str, set[str]]]:
    """Every error line the pages' outputs show (a target's tab included), by snippet and page; a
    page's error index (live_engine/error_index.py) that lacks one, or lists one no output shows,
    stops the build."""
    outputs = {name: outcome.output for name, outcome in result.outcomes.items() if outcome.ok}
    shown = errors_shown(pages, target_runs.with_target_outputs(outputs, pages, result.snippets, targets,
                                                                _state["runner"].settings))
    if result.errors or result.pending:
        return shown  # some outputs are missing: the index cannot be judged complete on this build
    problems = [problem for page, text in pages.items() if MARK in text
                for problem in index_problems(page, text, shown)]
    if problems and not _state["serving"]:
        raise PluginError("live: the error index is not what the outputs print:\n" + "\n".join(problems))
    for problem in problems:  # under serve: say it and go on, as for a failing snippet
        log.info("live: %s", problem)
    return shown


def _background(runner: Runner) -> Background | None:
    """Under `mkdocs serve`, what runs behind the served pages; made at the first build, when the
    server will rebuild on a watched file and no version matrix is asked for (it compares the
    pinned outputs, so it waits for them). None otherwise: every snippet runs before the pages."""
    if _state["background"] is None and _state["serving"] and _state["first"] and not runner.settings.run_versions \
            and runner.cache is not None and first_serve.livereload_on():
        _state["signal"] = first_serve.Signal(runner.settings.cache_dir)
        _state["background"] = Background(_state["signal"].fire, _progress_line, _spacing)
    return _state["background"] if _state["serving"] else None


def _spacing() -> float:
    """Seconds between two rebuilds the background run asks for: twice the last build's time, so
    that rebuilding (and reloading the reader's page) takes at most a third of the time."""
    return max(MIN_SPACING_SECONDS, 2 * _state["build_seconds"])


def on_serve(server, config, builder):
    """After the first build, before the server serves it: saves are looked for every 0.1 s, and
    what that build queued starts now."""
    serve_polling.poll_every(server)
    if _state["background"] is not None and _state["background"].queued:
        _state["signal"].watch(server)
        _state["background"].launch(_state["runner"])
    return server


def on_post_build(config):
    if _state["signal"] is not None and _state["signal"].server is not None:
        # A rebuild's time (the first build converts every page from nothing: not a rebuild's measure).
        _state["build_seconds"] = time.monotonic() - _state["build_started"]
    if _state["background"] is not None:
        _state["background"].settle()


def _planned(pages: dict[str, str], runner: Runner, start: bool = False) -> tuple[BuildResult, set[str]]:
    """Every chapter's snippets and outcomes, and the chapters kept from the last build.

    Under `mkdocs serve`, a chapter whose text and snippets (with the modules they import)
    are as the last rebuild read them keeps that plan (hooks/serve_mode/unchanged_pages.py): a save
    plans only the chapters that use what changed. `mkdocs build` plans every chapter.
    """
    files = unchanged_pages.snippet_files(runner.settings.snippets_dir) if _state["serving"] else frozenset()
    last = _state["last"] if _state["serving"] else None
    kept = unchanged_pages.unchanged(pages, last, runner.settings, files)
    planned = _checked_build({page: text for page, text in pages.items() if page not in kept}, kept=len(kept),
                             start=start)
    uses = unchanged_pages.uses({page: text for page, text in pages.items() if page not in kept})
    result = unchanged_pages.combined(planned, last, kept) if kept else planned
    if _state["serving"]:
        _state["last"] = unchanged_pages.LastBuild(pages, {page: last.uses[page] for page in kept} | uses, result,
                                                   files, runner.settings)
    return result, kept


def _drawn_pictures(pages: dict[str, str], result: BuildResult, runner: Runner) -> None:
    """Lay out every picture=show graph now, before the cache is pruned, so that its cached
    SVG counts as used; the pages then read it from the cache. A graph that cannot be drawn
    stops the build at its directive's line."""
    use_cache(runner.cache)
    problems = []
    for name, text in pages.items():
        for directive in parse_page(text, name).directives:
            for path in directive.paths if directive.picture == "show" else ():  # with compare=, a picture per tab
                outcome = result.outcomes.get(path)
                if outcome is None or not outcome.ok:
                    continue
                try:
                    svg_for(outcome.output)
                except GraphError as error:
                    problems.append(f"{directive.where}: picture=show: snippets/{path}: {error}")
    if problems and not _state["serving"]:
        raise PluginError("\n".join(problems))
    for problem in problems:
        log.info("live: %s", problem)


def on_page_markdown(markdown, page, config, files):
    if not page.file.src_uri.endswith(".md"):
        return markdown  # a notebook: mkdocs-jupyter renders it from the executed copy
    name = f"docs/{page.file.src_uri}"
    result: BuildResult = _state["result"]
    # MkDocs hands over the text without its front matter (a recipe's search boost); put it
    # back, as blank lines, so that directive lines are the file's lines and the text equals
    # what on_files read; it is taken off again before returning.
    front = _front_matter_lines(page, markdown)
    markdown = front + markdown
    if markdown != _state["pages"].get(name):
        # The chapter was edited after on_files read it (an editor saving during
        # `mkdocs serve`): run what this text names now rather than show stale output.
        result = _checked_build({name: markdown})
    parsed = parse_page(markdown, name)
    problems = result.problems_by_line()  # empty unless serving: a build stopped on them
    settings = _state["runner"].settings
    expansions = []
    for directive in parsed.directives:
        problem = problems.get(directive.where)
        if problem is None:
            # A snippet still running behind the served pages shows its record (first_serve.py).
            compared = (result.snippets[directive.compare], first_serve.shown_output(result, directive.compare)) \
                if directive.compare else None
            others = [(version, outcomes[directive.path]) for version, outcomes in _state["matrix"].items()
                      if directive.path in outcomes] if _matrix_ran(result.snippets[directive.path]) else []
            # With the version matrix run, tabs where versions print otherwise (not with compare=).
            expansion = render(directive, result.snippets[directive.path],
                               first_serve.shown_output(result, directive.path), compared, others,
                               first_serve.notes(directive, result, settings))
            if directive.targets and directive.output == "show":  # the CPU's output, then each target's, in tabs
                on_targets = target_runs.views(directive, result.snippets[directive.path], _state["targets"], settings)
                expansion = render_targets(directive, result.snippets[directive.path],
                                           first_serve.shown_output(result, directive.path), on_targets, expansion)
        else:
            expansion = render_failure(problem, directive.indent, directive, result.snippets.get(directive.path))
        expansions.append((directive.start, directive.end, expansion))
    for error in parsed.errors:  # a malformed directive line
        start, end, indent = _line(markdown, error.line)
        expansions.append((start, end, render_failure(str(error), indent)))
    for start, end, expansion in sorted(expansions, reverse=True):  # back to front keeps earlier offsets valid
        markdown = markdown[:start] + expansion + markdown[end:]
    markdown = markdown[len(front):]
    if MARK in markdown:
        markdown = with_printed_errors(markdown, _state["errors"], lambda other: _link(name, other))
    # A recipe page links its notebook; getattr: a config made by hand (the tests') may name no repository.
    return with_notebook_links(markdown, page.file.src_uri, getattr(config, "repo_url", ""), getattr(config, "edit_uri", ""))


def _link(page: str, other: str) -> str:
    """A Markdown link from `page` to the chapter `other` (both docs/-relative names), titled as it is."""
    target = Path(os.path.relpath(other, Path(page).parent)).as_posix()
    return f"[{_title(_state['pages'].get(other, '')) or target}]({target})"


def _front_matter_lines(page, markdown: str) -> str:
    """One blank line for each line of the page's front matter (none when it has none)."""
    source = getattr(page.file, "content_string", None)  # a page made by hand (the tests') may have none
    if not source or not source.endswith(markdown) or len(source) == len(markdown):
        return ""
    return "\n" * source[:len(source) - len(markdown)].count("\n")


def _blank_front_matter(text: str) -> str:
    """The page's text with its front matter blanked, one empty line per line, as
    _front_matter_lines gives it back: directive lines stay the file's lines."""
    if not text.startswith("---\n"):
        return text
    end = text.find("\n---\n", 4)
    return text if end < 0 else "\n" * text[:end + 5].count("\n") + text[end + 5:]


def _matrix_ran(snippet) -> bool:
    """Did the older versions run these bytes? A page edited after on_files ran its snippets
    again; a snippet saved meanwhile has new output on the pinned version, and none on the others."""
    ran = _state["result"].snippets.get(snippet.name)
    return ran is not None and (ran.digest, ran.env) == (snippet.digest, snippet.env)


def _run_matrix(pages: dict[str, str], result: BuildResult) -> dict:
    """The older JAX versions' outcomes, when the settings or LIVE_VERSIONS ask for them."""
    try:
        matrix = run_matrix(pages, _state["runner"], result.outcomes, _progress_line, result.snippets)
    except VersionEnvError as error:
        raise PluginError(f"live: {error}") from None
    if matrix:
        log.info("live: %s", summary(matrix, result.outcomes).replace("\n", "\nlive: "))
    for line in unfinished(matrix):
        # A warning ends a strict build (the published one): its pages would lack this comparison.
        # Under serve, an info line: a warning would end `mkdocs serve` (strict: true).
        (log.info if _state["serving"] else log.warning)("live: %s", line)
    return matrix


def _run_targets(pages: dict[str, str], result: BuildResult) -> target_runs.TargetOutcomes:
    """Each compile target's outcomes for the snippets that name it. Not while the CPU's snippets
    still run behind a first serve: their tabs show the records until a rebuild runs them."""
    if result.pending:
        return target_runs.TargetOutcomes()
    try:
        results = target_runs.run_targets(pages, _state["runner"], result.outcomes, _progress_line, result.snippets)
    except VersionEnvError as error:
        if not _state["serving"]:
            raise PluginError(f"live: {error}") from None
        log.info("live: %s", error)  # serve shows the records, with a note saying why
        return target_runs.TargetOutcomes(unavailable=str(error).split(";")[0])
    if results:
        log.info("live: %s", target_runs.summary(results).replace("\n", "\nlive: "))
    where = {}
    for directive in target_runs.target_directives(pages):
        where.setdefault(directive.path, directive.where)
    problems = target_runs.problems(results, where)
    if problems and not _state["serving"]:
        raise PluginError("live: snippets that fail on a compile target:\n" + "\n".join(problems))
    for problem in problems:  # under serve: the tab shows the failure; say it and go on
        log.info("live: %s", problem)
    return results


def _in_nav_order(pages: dict[str, str], config) -> dict[str, str]:
    """The chapters as the reader meets them in the navigation (then any it does not list),
    not in the alphabetical order of their files."""
    order: list[str] = []

    def walk(entries) -> None:
        for entry in entries or []:
            value = next(iter(entry.values())) if isinstance(entry, dict) else entry
            if isinstance(value, list):
                walk(value)
            elif isinstance(value, str):
                order.append(f"docs/{value}")

    walk(getattr(config, "nav", None))
    rank: dict[str, int] = {}
    for index, page in enumerate(order):
        rank.setdefault(page, index)  # a page the nav lists twice: where the reader first meets it
    return dict(sorted(pages.items(), key=lambda item: rank.get(item[0], len(rank))))


def _title(markdown: str) -> str:
    """A chapter's first `# ` heading, for the changes page's sections."""
    for line in markdown.split("\n"):
        if line.startswith("# "):
            return line[2:].strip()
    return ""


def on_page_content(html, page, config, files):
    if page.file.src_uri.endswith(".ipynb"):
        html = highlighted_outputs(without_mermaid_loader(html))  # IR outputs lexed as on the other pages
    return _linked_to_references(html, page, config, files)


def _linked_to_references(html, page, config, files):
    """Opcodes and primitives in listings link to their reference rows (hooks/page_extras/ir_links.py)."""
    for reference in REFERENCES:
        target = files.get_file_from_path(reference.page)
        if target is None:
            continue  # a site without this reference page
        if page.file.src_uri == reference.page:
            html = anchor_rows(html, reference)
        known = meanings(Path(config.docs_dir), reference)
        html = link_names(html, reference, known, target.url_relative_to(page.file))
    return html


def on_shutdown():
    _close()


def _checked_build(pages: dict[str, str], kept: int = 0, start: bool = False) -> BuildResult:
    """Run (or take from the cache, or from what runs behind the served pages) every snippet of
    `pages`; `start`: what the cache lacks runs behind the pages (the first build of a serve)."""
    result = build(pages, _state["runner"], _progress_line, _state["background"] if _state["serving"] else None,
                   start)
    log.info("live: %s%s", result.summary(), f" ({kept} unchanged chapters kept as they were)" if kept else "")
    if result.errors:
        report = f"{len(result.errors)} live snippet problem(s):\n\n" + "\n\n".join(result.errors)
        if not _state["serving"]:
            raise PluginError(report)
        # Logged at INFO: with `strict: true`, a warning would end `mkdocs serve` at its first build.
        log.info("live: %s\n\nEach page shows its own; `mkdocs build` stops on them.", report)
    return result


def _line(text: str, number: int) -> tuple[int, int, str]:
    """Start and end offsets, and indentation, of a 1-based line ('\\n'-separated, as parse_page counts)."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: number - 1])
    line = lines[number - 1]
    return start, start + len(line), line[: len(line) - len(line.lstrip(" \t"))]


def _progress_line(text: str) -> None:
    log.info("live: %s", text)


def _close():
    runner, _state["runner"] = _state["runner"], None
    if runner is not None:
        runner.close()


atexit.register(_close)  # workers also stop if MkDocs exits without calling on_shutdown
