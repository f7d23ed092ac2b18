"""Listings linked to the reference: each HLO opcode in a highlighted listing links to its
row on the opcode page, with its one-line meaning as a tooltip.

Works on the HTML MkDocs renders (after Pygments has marked each opcode as
`<span class="nb">`), so the Markdown of a chapter never changes. The opcode page's
rows get `id="op-NAME"` anchors the same way. A page without the reference page in the
build (a test site) is left alone.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

OPCODES_PAGE = "hlo-opcodes.md"
# A row of the opcode table: | `name` | what it does | ... |
ROW = re.compile(r"^\|\s*`(?P<name>[a-z][a-z0-9\-]*)`\s*\|\s*(?P<meaning>[^|]+?)\s*\|", re.MULTILINE)
# An opcode as Pygments marks it inside an HLO block. Blocks are matched whole so that
# only HLO listings are touched, not Python or text blocks.
HLO_BLOCK = re.compile(r'(<div class="language-hlo highlight">.*?</code></pre></div>)', re.DOTALL)
OPCODE = re.compile(r'<span class="nb">(?P<name>[a-z][a-z0-9\-]*)</span>')
TABLE_ROW = re.compile(r"<tr>\s*<td><code>(?P<name>[a-z][a-z0-9\-]*)</code></td>")
MARKDOWN_MARKUP = re.compile(r"`|\[([^\]]*)\]\([^)]*\)")


def opcode_meanings(docs_dir: Path) -> dict[str, str]:
    """opcode -> its one-line meaning, read from the opcode page's table (plain text, for a tooltip)."""
    page = docs_dir / OPCODES_PAGE
    if not page.is_file():
        return {}
    return {m["name"]: MARKDOWN_MARKUP.sub(lambda link: link.group(1) or "", m["meaning"])
            for m in ROW.finditer(page.read_text(encoding="utf-8"))}


def link_opcodes(page_html: str, meanings: dict[str, str], reference_url: str) -> str:
    """Every known opcode in an HLO listing becomes a link to its row, titled with its meaning."""
    def link(match: re.Match) -> str:
        name = match["name"]
        if name not in meanings:
            return match.group()
        return (f'<a class="nb ir-ref" href="{reference_url}#op-{name}" '
                f'title="{html.escape(meanings[name])}">{name}</a>')

    return HLO_BLOCK.sub(lambda block: OPCODE.sub(link, block.group()), page_html)


def anchor_rows(page_html: str) -> str:
    """On the opcode page: each table row gets the id the listings link to."""
    return TABLE_ROW.sub(lambda m: f'<tr id="op-{m["name"]}">' + m.group()[len("<tr>"):], page_html)
