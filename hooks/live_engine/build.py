"""One build's worth of work: every directive of every chapter, run once, reported once."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from .background import Background, Pending
from .directives import Directive, parse_page
from .progress import Log
from .runner import Outcome, Runner
from .snippets import Snippet, SnippetError, load_snippet, shown_source

SLOWEST_SHOWN = 3


@dataclasses.dataclass
class BuildResult:
    """What the pages need to render, and what the build must report."""

    snippets: dict[str, Snippet]  # by name; the source shown is the source that ran
    outcomes: dict[str, Outcome]
    errors: list[str]  # each: docs/PAGE.md:LINE: what went wrong, then details
    seconds: float
    workers_started: int = 0  # worker processes (each imports JAX) this build had to start
    # Under a first `mkdocs serve`: snippets still running behind the served pages (background.py),
    # which have no outcome yet; their pages show the record meanwhile.
    pending: dict[str, Pending] = dataclasses.field(default_factory=dict)
    # Snippets whose outcome is a run that a first serve started behind its pages, after showing
    # the record: the page compares the two.
    behind: set[str] = dataclasses.field(default_factory=set)

    def problems_by_line(self) -> dict[str, str]:
        """Each error by the chapter line it starts with ('docs/PAGE.md:LINE'), for showing it there."""
        problems: dict[str, str] = {}
        for error in self.errors:
            page, line, _ = error.split(":", 2)
            where = f"{page}:{line}"
            problems[where] = f"{problems[where]}\n\n{error}" if where in problems else error
        return problems

    def summary(self) -> str:
        ran = [o for o in self.outcomes.values() if not o.cached]
        slowest = sorted(ran, key=lambda o: -o.seconds)[:SLOWEST_SHOWN]
        text = (
            f"{len(self.outcomes) + len(self.pending)} snippets: {len(ran)} ran, "
            f"{len(self.outcomes) - len(ran)} from the cache, "
            + (f"{len(self.pending)} running behind the served pages (shown from their records meanwhile), "
               if self.pending else "")
            + f"in {self.seconds:.1f} s"
        )
        if self.workers_started:
            text += f" ({self.workers_started} worker{'s' * (self.workers_started != 1)} started)"
        if slowest:
            text += "; slowest: " + ", ".join(f"{o.snippet} {o.seconds:.1f} s" for o in slowest)
        return text


def plan(pages: dict[str, str], runner: Runner,
         loaded: dict[str, Snippet] | None = None) -> tuple[list[Directive], dict[str, Snippet], list[str]]:
    """Parse every page and load every snippet it names; problems become located errors.

    `loaded`: snippets this build has read already (by name), taken as they are instead of read again."""
    directives, snippets, errors = [], dict(loaded or {}), []
    for page, text in pages.items():
        parsed = parse_page(text, page)
        errors += [str(error) for error in parsed.errors]
        for directive in parsed.directives:
            try:
                for path in directive.paths:  # its own snippet, and the one it is compared with
                    snippets[path] = snippet_for(directive, runner.settings.snippets_dir, snippets, path)
            except SnippetError as error:
                errors.append(str(error))
                continue
            directives.append(directive)
    return directives, snippets, errors


def snippet_for(directive: Directive, snippets_dir: Path, loaded: dict[str, Snippet] | None = None,
                path: str | None = None) -> Snippet:
    """The snippet a directive names (`path`: one of its `paths`, by default its own), checked:
    SnippetError messages start with the chapter's line."""
    path = path or directive.path
    try:
        snippet = (loaded or {}).get(path) or load_snippet(snippets_dir, path)
        shown_source(snippet.source, directive.section)  # a missing section is an error now, not at render
    except SnippetError as error:
        raise SnippetError(f"{directive.where}: {error}") from None
    return snippet


def jobs(directives: list[Directive], snippets: dict[str, Snippet], default_timeout: float) -> list[tuple[Snippet, float]]:
    """(snippet, timeout) for each snippet the directives name, once; the longest timeout asked for wins."""
    timeouts: dict[str, float] = {}
    for directive in directives:
        wanted = directive.timeout or default_timeout
        for path in directive.paths:
            timeouts[path] = max(wanted, timeouts.get(path, 0.0))
    return [(snippets[name], timeout) for name, timeout in timeouts.items()]


def build(pages: dict[str, str], runner: Runner, log: Log | None = None, background: Background | None = None,
          start: bool = False) -> BuildResult:
    """Run every snippet the pages name (each once) and collect every failure, with its chapter line.

    With `log`, progress lines go there while snippets run. With `background` (under
    `mkdocs serve`), what it still runs is not waited for but left pending; with `start`
    too, what the cache lacks is started there rather than waited for (a first serve).
    """
    started, workers = time.monotonic(), runner.pool.started
    directives, snippets, errors = plan(pages, runner)
    todo = jobs(directives, snippets, runner.settings.timeout)
    if background is None:
        taken = None
        outcomes = runner.run_all(todo, log)
    else:
        taken = background.take(todo, runner, start)
        outcomes = taken.outcomes | runner.run_all(taken.to_run, log)
    for directive in directives:
        for path in directive.paths:
            outcome = outcomes.get(path)
            if outcome is not None and not outcome.ok:  # None: still running behind the pages
                errors.append(failure_report(directive, outcome))
    return BuildResult(snippets, outcomes, sorted(errors, key=_chapter_order), time.monotonic() - started,
                       runner.pool.started - workers, taken.pending if taken else {}, taken.behind if taken else set())


def _chapter_order(error: str) -> tuple[str, int]:
    page, line, _ = error.split(":", 2)
    return page, int(line)


def failure_report(directive: Directive, outcome: Outcome) -> str:
    """docs/PAGE.md:LINE: snippets/FILE.py:LINE: Type: message, then the details, indented."""
    details = "\n".join("    " + line for line in outcome.details.rstrip().splitlines())
    return f"{directive.where}: {outcome.problem}" + (f"\n{details}" if details else "")
