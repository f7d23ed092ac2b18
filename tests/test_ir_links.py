"""Opcodes in HLO listings link to their row of the opcode reference, with the meaning as a tooltip."""

from __future__ import annotations

from ir_links import anchor_rows, link_opcodes, opcode_meanings

LISTING = ('<div class="language-hlo highlight"><pre><code><span class="nv">%a</span> = '
           '<span class="kt">f32[2]</span> <span class="nb">add</span>(<span class="nv">%b</span>) '
           '<span class="nb">mystery-op</span></code></pre></div>')


def test_known_opcodes_become_links_titled_with_their_meaning():
    linked = link_opcodes(LISTING, {"add": "Element-wise sum of <two>"}, "../hlo-opcodes/")
    assert ('<a class="nb ir-ref" href="../hlo-opcodes/#op-add" title="Element-wise sum of &lt;two&gt;">add</a>'
            in linked)
    assert '<span class="nb">mystery-op</span>' in linked  # unknown: left as it was


def test_only_hlo_listings_are_touched():
    python = LISTING.replace("language-hlo", "language-python")
    assert link_opcodes(python, {"add": "sum"}, "x/") == python


def test_the_meanings_are_read_from_the_opcode_table_as_plain_text(tmp_path):
    (tmp_path / "hlo-opcodes.md").write_text(
        "| opcode | what it does | semantics | shown on |\n|---|---|---|---|\n"
        "| `add` | Sum of `a` and [b](x.md) | [s](u) | [p](p.md) |\n")
    assert opcode_meanings(tmp_path) == {"add": "Sum of a and b"}
    assert opcode_meanings(tmp_path / "nowhere") == {}


def test_the_reference_rows_get_the_anchors_the_links_use():
    assert anchor_rows("<tr>\n<td><code>add</code></td><td>x</td></tr>") == \
        '<tr id="op-add">\n<td><code>add</code></td><td>x</td></tr>'
