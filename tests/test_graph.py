"""Pictures of small HLO graphs (hooks/live_engine/graph.py): DOT from HLO text, SVG from graphviz-pure."""

from __future__ import annotations

import re

import pytest

from live_engine import graph
from live_engine.cache import ResultCache

FUSED = """\
%fused_computation (param_0.1: f32[8,16], param_1.2: f32[]) -> f32[8,16] {
  %param_0.1 = f32[8,16]{1,0} parameter(0)
  %exp.0 = f32[8,16]{1,0} exponential(%param_0.1)
  %param_1.2 = f32[] parameter(1)
  %b = f32[8,16]{1,0} broadcast(%param_1.2), dimensions={}
  ROOT %add.0 = f32[8,16]{1,0} add(%exp.0, %b)
}

ENTRY %main.1 (x.1: f32[8,16], y: f32[]) -> (f32[8,16]) {
  %x.1 = f32[8,16]{1,0} parameter(0)
  %y = f32[] parameter(1)
  %fusion.3 = f32[8,16]{1,0} fusion(%x.1, %y), kind=kLoop, calls=%fused_computation
  %neg = f32[8,16]{1,0} negate(%fusion.3)
  ROOT %t = (f32[8,16]{1,0}) tuple(%neg)
}"""


def edges(dot: str) -> set[tuple[str, str]]:
    return set(re.findall(r'^\s*"([^"]+)" -> "([^"]+)";$', dot, re.MULTILINE))


def test_a_fusion_is_a_cluster_of_its_computation_and_its_parameters_are_its_operands():
    dot = graph.hlo_dot(FUSED)
    assert 'subgraph "cluster_fusion.3" {' in dot and 'label="fusion.3 kLoop"' in dot
    assert edges(dot) == {
        ("x.1", "fusion.3/exp.0"),  # operand 0 of the fusion feeds what used param_0.1
        ("y", "fusion.3/b"),  # operand 1 feeds what used param_1.2
        ("fusion.3/exp.0", "fusion.3/add.0"),
        ("fusion.3/b", "fusion.3/add.0"),
        ("fusion.3/add.0", "neg"),  # the fusion's value is its root's
        ("neg", "t"),
    }
    assert "param_0.1" not in dot.split("subgraph")[1].split("}")[0].replace('"fusion.3/', "")  # no node for it
    assert '"t" [label="tuple\\n(f32[8,16])", class="root", penwidth=2];' in dot  # layouts left out


def test_a_fusion_that_is_the_root_has_the_heavier_frame():
    dot = graph.hlo_dot(FUSED.replace("  %fusion.3 =", "  ROOT %fusion.3 =").replace("  ROOT %t =", "  %t ="))
    assert 'class="fusion root"; style="rounded"; margin=8; penwidth=2; label="fusion.3 kLoop";' in dot
    assert "penwidth=2];" not in dot  # no instruction box is the root
    svg = graph.clean_svg(graph.layout(dot), "a label")
    assert '<g class="cluster fusion root">' in svg


def test_unfused_hlo_and_lowered_text_without_percent_signs_draw_too():
    dot = graph.hlo_dot("ENTRY main.1 {\n  x.1 = f32[8]{0} parameter(0)\n  ROOT s.1 = f32[8]{0} sine(x.1)\n}")
    assert edges(dot) == {("x.1", "s.1")} and "subgraph" not in dot


def test_text_without_an_entry_computation_or_too_big_is_refused():
    with pytest.raises(graph.GraphError, match="no ENTRY"):
        graph.hlo_dot("{ lambda ; a:f32[]. let b:f32[] = sin a in (b,) }")
    big = "ENTRY e {\n" + "".join(f"  n{i} = f32[] negate(n{i - 1})\n" for i in range(graph.MAX_INSTRUCTIONS + 1)) + "}"
    with pytest.raises(graph.GraphError, match="small modules"):
        graph.hlo_dot(big)


def test_the_svg_is_laid_out_offline_cleaned_for_inlining_and_the_same_every_time():
    first = graph.clean_svg(graph.layout(graph.hlo_dot(FUSED)), "a label")
    assert first == graph.clean_svg(graph.layout(graph.hlo_dot(FUSED)), "a label")
    assert first.startswith('<svg role="img" aria-label="a label" ')
    assert ' id="' not in first and "<!--" not in first and 'fill="white"' not in first
    assert '<g class="cluster fusion">' in first and '<g class="node root">' in first
    assert "\n\n" not in first  # a blank line would end the Markdown HTML block
    assert ">exponential<" in first and ">negate<" in first


def test_pictures_are_cached_like_outputs(tmp_path, monkeypatch):
    results = ResultCache(tmp_path)
    graph.use_cache(results)
    try:
        svg = graph.svg_for(FUSED)
        key = graph.cache_key(graph.hlo_dot(FUSED))
        assert results.get(key) == svg and key in results.used
        monkeypatch.setattr(graph, "layout", lambda dot: pytest.fail("laid out again"))
        assert graph.svg_for(FUSED) == svg
    finally:
        graph.use_cache(None)


def test_the_picture_follows_the_output_in_a_figure(tmp_path):
    block = graph.picture_block("demo/x.py", FUSED)
    assert block.startswith('<figure class="live-graph" data-snippet="demo/x.py">\n<svg ')
    assert block.endswith("</figure>") and "<figcaption>" in block
    assert "live-failure" in graph.picture_block("demo/x.py", "no HLO here")


def test_picture_show_puts_the_figure_after_the_output(tmp_path):
    from live_engine.directives import parse_page
    from live_engine.render import render
    from live_engine.snippets import load_snippet

    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "x.py").write_text("print()\n")
    snippet = load_snippet(tmp_path / "snippets", "x.py")
    markdown = render(parse_page("<!-- live: x.py picture=show -->\n", "docs/p.md").directives[0], snippet, FUSED)
    assert markdown.index('class="live-output"') < markdown.index('<figure class="live-graph"')
    plain = render(parse_page("<!-- live: x.py -->\n", "docs/p.md").directives[0], snippet, FUSED)
    assert "live-graph" not in plain


def test_a_site_draws_a_picture_per_tab_keeps_them_cached_and_stops_on_one_it_cannot_draw(tmp_path):
    import json
    import textwrap

    from tinysite import make_site, mkdocs_build

    before = "print('ENTRY e {\\n  x = f32[2]{0} parameter(0)\\n  ROOT n = f32[2]{0} negate(x)\\n}')\n"
    after = "print('ENTRY e {\\n  x = f32[2]{0} parameter(0)\\n  ROOT s = f32[2]{0} sine(x)\\n}')\n"
    folder = make_site(tmp_path / "site", {"index.md": "# Tiny\n\n<!-- live: a.py compare=b.py picture=show -->\n"},
                       {"a.py": before, "b.py": after, "text.py": "print('no HLO here')\n"})
    config = folder / "mkdocs.yml"
    config.write_text(config.read_text().replace("pymdownx.highlight]", "pymdownx.highlight, pymdownx.tabbed]"))
    first = mkdocs_build(folder, "--strict")
    assert first.returncode == 0, first.stderr
    page = (folder / "site" / "index.html").read_text()
    assert page.count('<figure class="live-graph"') == 2 and ">negate<" in page and ">sine<" in page
    second = mkdocs_build(folder, "--strict")
    assert second.returncode == 0, second.stderr
    cached = [json.loads(path.read_text())["output"] for path in (folder / ".cache" / "live").glob("*.json")]
    assert sum(output.startswith("<svg ") for output in cached) == 2  # kept by the second build's prune
    (folder / "docs" / "index.md").write_text(textwrap.dedent("""\
        # Tiny

        <!-- live: text.py picture=show -->
    """))
    failed = mkdocs_build(folder, "--strict")
    assert failed.returncode != 0 and "docs/index.md:3: picture=show: snippets/text.py: no ENTRY" in failed.stderr
