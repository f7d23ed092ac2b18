"""Listings linked to the reference: each HLO opcode and each jaxpr primitive in a
highlighted listing links to its row on the reference page, with its one-line meaning
as a tooltip.

Works on the HTML MkDocs renders (after Pygments has marked each opcode or primitive
as `<span class="nb">`), so the Markdown of a chapter never changes. The reference
pages' rows get the anchors the same way. A build without a reference page (a test
site) leaves its listings alone.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import re
from pathlib import Path

# A row of a reference table: | `name` | what it does | ... |
ROW = re.compile(r"^\|\s*`(?P<name>[a-z_][a-z0-9_\-]*)`\s*\|\s*(?P<meaning>[^|]+?)\s*\|", re.MULTILINE)
BUILTIN = re.compile(r'<span class="nb">(?P<name>[a-z_][a-z0-9_\-]*)</span>')
TABLE_ROW = re.compile(r"<tr>\s*<td><code>(?P<name>[a-z_][a-z0-9_\-]*)</code></td>")
MARKDOWN_MARKUP = re.compile(r"`|\[([^\]]*)\]\([^)]*\)")


@dataclasses.dataclass(frozen=True)
class Reference:
    """A reference page and the listings whose names it explains."""

    page: str  # docs-relative path of the reference page
    language: str  # the code blocks it covers: language-<language>
    prefix: str  # row anchors are #<prefix>-<name>

    def block(self) -> re.Pattern:
        # Blocks are matched whole so that only this language's listings are touched.
        return re.compile(rf'(<div class="language-{self.language} highlight">.*?</code></pre></div>)', re.DOTALL)


REFERENCES = (
    Reference("hlo-opcodes.md", "hlo", "op"),
    Reference("jaxpr-primitives.md", "jaxpr", "prim"),
)


def meanings(docs_dir: Path, reference: Reference) -> dict[str, str]:
    """name -> its one-line meaning, read from the reference table (plain text, for a tooltip)."""
    page = docs_dir / reference.page
    if not page.is_file():
        return {}
    return dict(_meanings(page.read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=4)  # keyed on the reference page's text: every page of a build asks for the same
def _meanings(text: str) -> tuple[tuple[str, str], ...]:
    return tuple((m["name"], MARKDOWN_MARKUP.sub(lambda link: link.group(1) or "", m["meaning"]))
                 for m in ROW.finditer(text))


def link_names(page_html: str, reference: Reference, known: dict[str, str], reference_url: str) -> str:
    """Every known name in the reference's listings becomes a link to its row, titled with its meaning."""
    def link(match: re.Match) -> str:
        name = match["name"]
        if name not in known:
            return match.group()
        return (f'<a class="nb ir-ref" href="{reference_url}#{reference.prefix}-{name}" '
                f'title="{html.escape(known[name])}">{name}</a>')

    return reference.block().sub(lambda block: BUILTIN.sub(link, block.group()), page_html)


def anchor_rows(page_html: str, reference: Reference) -> str:
    """On a reference page: each table row gets the id the listings link to."""
    return TABLE_ROW.sub(lambda m: f'<tr id="{reference.prefix}-{m["name"]}">' + m.group()[len("<tr>"):], page_html)
