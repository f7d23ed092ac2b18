"""Which chapters a `mkdocs serve` rebuild need not plan again: nothing they use has changed.

MkDocs rebuilds the whole site on every save. Planning a chapter means parsing it,
reading each snippet it names and the local modules each snippet imports, hashing them
and looking their outputs up in the cache: done for every chapter, that was most of
the engine's part of a rebuild. The last build's `BuildResult` already holds, for every
snippet, the bytes it read (`Snippet.code`) and the local modules it imports
(`Snippet.dependencies`), so a chapter can keep the last build's snippets and outcomes
when its own text is the same, each snippet it names and each module those import hold
the same bytes on disk, and no Python file was added to or removed from snippets/ (a new
file may be what an `import` finds now). A kept chapter keeps its failures too: a snippet
that failed on the same bytes fails again, and running it at every save of another
chapter would cost its run each time. Not so a run that timed out or whose process or
worker died: that may end otherwise next time, so its chapter is planned (and the
snippet run) again. A snippet file that could not be read is in no plan, so its
chapter is planned again too; and so is a chapter shown from the records while a snippet
of it runs behind the served pages (a first serve, live_engine/background.py): it has no
outcome yet, and the rebuild its output asks for must take it.

`mkdocs build` plans everything: it runs once per process.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from live_engine.build import BuildResult
from live_engine.directives import parse_page
from live_engine.snippets import Snippet


@dataclasses.dataclass
class LastBuild:
    """What the last build of this process planned, to compare the next one with."""

    pages: dict[str, str]  # chapter -> its text
    uses: dict[str, tuple[str, ...]]  # chapter -> the snippets its directives name
    result: BuildResult
    snippet_files: frozenset[Path]  # every .py under snippets/ then
    settings: object  # the engine's Settings: an edited [tool.live] plans everything again


# How runner.py words the failures that say nothing of the snippet's bytes.
CIRCUMSTANTIAL = (": timed out after ", ": the snippet's process died: ", ": the worker failed: ")


def snippet_files(snippets_dir: Path) -> frozenset[Path]:
    return frozenset(snippets_dir.rglob("*.py"))


def uses(pages: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """Each chapter's snippets, as its directives name them (a compared one included)."""
    return {page: tuple(path for directive in parse_page(text, page).directives for path in directive.paths)
            for page, text in pages.items()}


def unchanged(pages: dict[str, str], last: LastBuild | None, settings, files: frozenset[Path]) -> set[str]:
    """The chapters whose last plan still holds (see the module's docstring)."""
    if last is None or last.settings != settings or files != last.snippet_files:
        return set()
    same: dict[str, bool] = {}  # snippet -> its bytes and its modules' are as read

    def still(name: str) -> bool:
        if name not in same:
            snippet = last.result.snippets.get(name)
            outcome = last.result.outcomes.get(name)
            same[name] = snippet is not None and outcome is not None and _as_read(snippet) \
                and (outcome.ok or not any(mark in outcome.problem for mark in CIRCUMSTANTIAL))
        return same[name]

    return {page for page, text in pages.items()
            if last.pages.get(page) == text and page in last.uses
            and all(still(name) for name in last.uses[page])}


def _as_read(snippet: Snippet) -> bool:
    try:
        if snippet.file.read_bytes() != snippet.code:
            return False
    except OSError:
        return False
    return not snippet.dependencies_changed()


def combined(planned: BuildResult, last: LastBuild, kept: set[str]) -> BuildResult:
    """This build's result: what was planned now, plus the kept chapters' snippets, outcomes and
    errors from `last`."""
    names = {name for page in kept for name in last.uses[page]} - planned.snippets.keys()
    errors = planned.errors + [error for error in last.result.errors if _page_of(error) in kept]
    return dataclasses.replace(
        planned,
        snippets=planned.snippets | {name: last.result.snippets[name] for name in names},
        outcomes=planned.outcomes | {name: last.result.outcomes[name] for name in names},
        errors=sorted(errors, key=_chapter_order),
        behind=planned.behind | (names & last.result.behind),
    )


def _page_of(error: str) -> str:
    """'docs/PAGE.md:LINE: ...' (as BuildResult.errors are written) -> 'docs/PAGE.md'."""
    return error.split(":", 1)[0]


def _chapter_order(error: str) -> tuple[str, int]:
    page, line, _ = error.split(":", 2)
    return page, int(line)
