"""The error index: every error message and warning the snippets print, each matched to one row of a table.

A page marks a table with `<!-- error-index -->` on the line above it. Each row's first cell is a
pattern in code quotes: the message's first line as JAX prints it, with `…` for the parts that vary
(`` `ValueError: Function '…' was exported for platforms` ``). At build time every row gets one more
cell, filled from this build's outputs: the lines that match, as printed, and the pages that show
them. An error line that no row matches, a row that matches nothing, and a line two rows match are
problems, reported at the table's line: the index stays complete as pages add errors.

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
SHOWN_LINES = 3  # distinct printed lines per row; the count says how many more
WILDCARD = "…"


@dataclasses.dataclass(frozen=True)
class Row:
    """A row of the index: its line in the page and its pattern."""

    line: int
    pattern: str

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


def index_rows(markdown: str) -> tuple[int, list[Row]]:
    """The marked table's first line and its rows (after the header and the delimiter); (0, []) without a mark."""
    lines = markdown.split("\n")
    marks = [number for number, line in enumerate(lines, 1) if line.strip() == MARK]
    if not marks:
        return 0, []
    start, rows = marks[0] + 1, []
    for number in range(start + 2, len(lines) + 1):
        line = lines[number - 1]
        if not line.lstrip().startswith("|"):
            break
        pattern = re.match(r"\|\s*`([^`]+)`\s*\|", line.strip())
        rows.append(Row(number, pattern.group(1) if pattern else ""))
    return start, rows


def index_problems(page: str, markdown: str, shown: dict[str, dict[str, set[str]]]) -> list[str]:
    """What keeps the index from being complete and exact: each with the page's line and what to do."""
    start, rows = index_rows(markdown)
    if not start:
        return []
    problems = [f"{page}:{row.line}: the first cell is not a pattern in code quotes (`Name: message…`)"
                for row in rows if not row.pattern]
    rows = [row for row in rows if row.pattern]
    for error, snippets in sorted(shown.items()):
        matching = [row for row in rows if row.matches(error)]
        where = ", ".join(f"snippets/{snippet}" for snippet in sorted(snippets))
        if not matching:
            problems.append(f"{page}:{start}: {where} prints an error the index lacks; add a row for it: {error}")
        elif len(matching) > 1:
            problems.append(f"{page}:{start}: rows at lines {', '.join(str(row.line) for row in matching)} all "
                            f"match one error; make the patterns tell it apart: {error}")
    problems += [f"{page}:{row.line}: no snippet prints an error that matches `{row.pattern}`; remove the row "
                 f"or fix the pattern" for row in rows if not any(row.matches(error) for error in shown)]
    return problems


def with_printed_errors(markdown: str, shown: dict[str, dict[str, set[str]]], link) -> str:
    """The page with one more cell on each row of the index: the matching lines, as printed, and
    where they show. `link(page)` is a Markdown link to a page from this one."""
    start, rows = index_rows(markdown)
    if not start:
        return markdown
    lines = markdown.split("\n")
    lines[start - 1] = lines[start - 1].rstrip().rstrip("|") + "| printed on this site |"
    lines[start] = lines[start].rstrip().rstrip("|") + "|---|"
    for row in rows:
        errors = sorted(error for error in shown if row.pattern and row.matches(error))
        cells = [f"{_code(error)} ({', '.join(link(page) for page in sorted(set().union(*shown[error].values())))})"
                 for error in errors[:SHOWN_LINES]]
        if len(errors) > SHOWN_LINES:
            cells.append(f"and {len(errors) - SHOWN_LINES} more")
        lines[row.line - 1] = lines[row.line - 1].rstrip().rstrip("|") + "| " + "<br>".join(cells) + " |"
    return "\n".join(lines)


def _code(text: str) -> str:
    """A printed line as inline code inside a table cell: escaped, cut, and no `|` to split the cell."""
    cut = text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS - 1] + "…"
    return "<code>" + html.escape(cut).replace("|", "&#124;") + "</code>"
