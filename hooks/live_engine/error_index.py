"""The error index: every error message and warning the snippets print, each matched to one entry.

A page marks where its index starts with `<!-- error-index -->`; the index runs to the end of the
page. Each `### ` heading in it is an entry, and its text is a pattern in code quotes: the message's
first line as JAX prints it, with `…` for the parts that vary
(`` ### `ValueError: Function '…' was exported for platforms` ``). `## ` headings group the entries.
At build time every entry gets one more paragraph, filled from this build's outputs: the lines that
match, as printed, and the pages that show them. An error line that no entry matches, an entry that
matches nothing, and a line two entries match are problems, reported at the page's lines: the index
stays complete as pages add errors.

Why headings and not a table's rows: Material's search weighs a word in a heading a thousand
times one in the text, so a reader who pastes an error line finds its entry first (tests/test_search.py).

Pure text in, text out, as `matrix.changes_page`: no MkDocs, no file system.
"""

from __future__ import annotations

import dataclasses
import html
import re

from .directives import parse_page

MARK = "<!-- error-index -->"
# An exception or warning class (a dotted path allowed) and the message after it, anywhere on a
# line: snippets print `label: ValueError: message`, and `ValueError message` where they print the
# type and the exception side by side. A message has two words or more, so that a line that only
# names a class (`int() on a tracer: ConcretizationTypeError`, `KeyError 0`) is not an error line.
ERROR = re.compile(r"(?<![\w.#/])(?:[a-z_]\w*\.)*(?P<name>[A-Z]\w*(?:Error|Exception|Warning))(?::? )"
                   r"(?P<message>[A-Za-z'\"`<(]\S*(?: +\S+)+)")
SHOWN_CHARACTERS = 160  # of a printed line in the index; the rest is on the page that shows it
SHOWN_LINES = 3  # distinct printed lines per entry; the count says how many more
WILDCARD = "…"


@dataclasses.dataclass(frozen=True)
class Entry:
    """An entry of the index: its heading's line in the page, its pattern ("" where the heading is
    not one code span), and the line its text ends on (the line before the next heading, or the last)."""

    line: int
    pattern: str
    end: int

    def matches(self, error: str) -> bool:
        """Does the printed error (`Name: message`) start as the pattern says?"""
        parts = (re.escape(part) for part in self.pattern.split(WILDCARD))
        return re.match(r".+?".join(parts), error) is not None


def printed_errors(output: str) -> list[str]:
    """Each error line of an output, as `Name: message` (a dotted class path cut to its last name)."""
    return [f"{found['name']}: {found['message'].rstrip()}" for line in output.split("\n")
            for found in ERROR.finditer(line)]


def errors_shown(pages: dict[str, str], outputs: dict[str, str]) -> dict[str, dict[str, set[str]]]:
    """error -> snippet -> the pages that show that snippet's output, for outputs the pages show."""
    found: dict[str, dict[str, set[str]]] = {}
    for page, markdown in pages.items():
        for directive in parse_page(markdown, page).directives:
            for snippet in directive.paths if directive.output == "show" else ():
                for error in printed_errors(outputs.get(snippet, "")):
                    found.setdefault(error, {}).setdefault(snippet, set()).add(page)
    return found


def index_entries(markdown: str) -> tuple[int, list[Entry]]:
    """The mark's line and the entries after it; (0, []) without a mark."""
    lines = markdown.split("\n")
    marks = [number for number, line in enumerate(lines, 1) if line.strip() == MARK]
    if not marks:
        return 0, []
    headings = [number for number in range(marks[0] + 1, len(lines) + 1) if re.match(r"#{1,6} ", lines[number - 1])]
    entries = []
    for heading, following in zip(headings, headings[1:] + [len(lines) + 1]):
        if lines[heading - 1].startswith("### "):
            pattern = re.fullmatch(r"### `([^`]+)`\s*", lines[heading - 1])
            end = following - 1
            while end > heading and not lines[end - 1].strip():
                end -= 1
            entries.append(Entry(heading, pattern.group(1) if pattern else "", end))
    return marks[0], entries


def index_problems(page: str, markdown: str, shown: dict[str, dict[str, set[str]]]) -> list[str]:
    """What keeps the index from being complete and exact: each with the page's line and what to do."""
    start, entries = index_entries(markdown)
    if not start:
        return []
    problems = [f"{page}:{entry.line}: the heading is not a pattern in code quotes (### `Name: message…`)"
                for entry in entries if not entry.pattern]
    entries = [entry for entry in entries if entry.pattern]
    for error, snippets in sorted(shown.items()):
        matching = [entry for entry in entries if entry.matches(error)]
        where = ", ".join(f"snippets/{snippet}" for snippet in sorted(snippets))
        if not matching:
            problems.append(f"{page}:{start}: {where} prints an error the index lacks; add an entry for it: {error}")
        elif len(matching) > 1:
            problems.append(f"{page}:{start}: entries at lines {', '.join(str(entry.line) for entry in matching)} "
                            f"all match one error; make the patterns tell it apart: {error}")
    problems += [f"{page}:{entry.line}: no snippet prints an error that matches `{entry.pattern}`; remove the "
                 f"entry or fix the pattern" for entry in entries if not any(entry.matches(error) for error in shown)]
    return problems


def with_printed_errors(markdown: str, shown: dict[str, dict[str, set[str]]], link) -> str:
    """The page with one more paragraph in each entry of the index: the matching lines, as printed,
    and where they show. `link(page)` is a Markdown link to a page from this one."""
    _, entries = index_entries(markdown)
    lines = markdown.split("\n")
    for entry in sorted(entries, key=lambda entry: entry.line, reverse=True):  # back to front: lines stay put
        errors = sorted(error for error in shown if entry.pattern and entry.matches(error))
        printed = [f"- {_code(error)} on {', '.join(link(page) for page in sorted(set().union(*shown[error].values())))}"
                   for error in errors[:SHOWN_LINES]]
        if len(errors) > SHOWN_LINES:
            printed.append(f"- and {len(errors) - SHOWN_LINES} more")
        lines[entry.end:entry.end] = ["", "Printed on this site:", "", *printed]
    return "\n".join(lines)


def _code(text: str) -> str:
    """A printed line as inline code: escaped (it may hold backticks and `<`), and cut."""
    cut = text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS - 1] + "…"
    return "<code>" + html.escape(cut) + "</code>"
