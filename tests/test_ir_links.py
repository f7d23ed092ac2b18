"""Opcodes and primitives in listings link to their row of the reference, with the meaning as a tooltip."""

from __future__ import annotations

from page_extras.ir_links import REFERENCES, Reference, anchor_rows, link_names, meanings

HLO = Reference("hlo-opcodes.md", "hlo", "op")
LISTING = ('<div class="language-hlo highlight"><pre><code><span class="nv">%a</span> = '
           '<span class="kt">f32[2]</span> <span class="nb">add</span>(<span class="nv">%b</span>) '
           '<span class="nb">mystery-op</span></code></pre></div>')


def test_known_names_become_links_titled_with_their_meaning():
    linked = link_names(LISTING, HLO, {"add": "Element-wise sum of <two>"}, "../hlo-opcodes/")
    assert ('<a class="nb ir-ref" href="../hlo-opcodes/#op-add" title="Element-wise sum of &lt;two&gt;">add</a>'
            in linked)
    assert '<span class="nb">mystery-op</span>' in linked  # unknown: left as it was


def test_only_the_references_own_listings_are_touched():
    python = LISTING.replace("language-hlo", "language-python")
    assert link_names(python, HLO, {"add": "sum"}, "x/") == python
    jaxpr = Reference("jaxpr-primitives.md", "jaxpr", "prim")
    assert link_names(LISTING, jaxpr, {"add": "sum"}, "x/") == LISTING


def test_the_meanings_are_read_from_the_table_as_plain_text(tmp_path):
    (tmp_path / "hlo-opcodes.md").write_text(
        "| opcode | what it does | semantics | shown on |\n|---|---|---|---|\n"
        "| `add` | Sum of `a` and [b](x.md) | [s](u) | [p](p.md) |\n")
    assert meanings(tmp_path, HLO) == {"add": "Sum of a and b"}
    assert meanings(tmp_path / "nowhere", HLO) == {}


def test_the_reference_rows_get_the_anchors_the_links_use():
    assert anchor_rows("<tr>\n<td><code>add_any</code></td><td>x</td></tr>", REFERENCES[1]) == \
        '<tr id="prim-add_any">\n<td><code>add_any</code></td><td>x</td></tr>'
