"""Source to IR (hooks/source_map.py): which output lines each line of a snippet produced.

The mapping is read from what JAX prints (a jaxpr's source info, HLO stack frames and
metadata, StableHLO locations); only the snippet's own file counts. Linking a block never
changes the text a reader sees or copies. The browser side is in test_browser_listings.py.
"""

from __future__ import annotations

import html
import re

from live_engine.directives import parse_page
from live_engine.render import render
from live_engine.snippets import load_snippet
from source_map import link_block, output_locations, shown_file_lines

FILE = "snippets/ch/f.py"

JAXPR = """\
{ lambda ; a:f32[3]. let
    b:f32[3] = sin a                                    # snippets/ch/f.py:7:12 (block)
    h:f32[3] = remat2[                                  # snippets/ch/f.py:12:19 (f)
      differentiated=True
      jaxpr={ lambda ; i:f32[3] j:f32[3]. let
          k:f32[3] = sin i                              # snippets/ch/f.py:7:12 (block)
          l:f32[3] = cos i                              # snippets/other.py:3:1 (g)
        in (k,) }
      policy=None
    ] a b
    p:f32[3] = add_any b h                              #
  in (p,) }
{ lambda ; a:f32[4]. let b:f32[4] = tanh a in (b,) } # snippets/ch/f.py:14:11 (activation)"""

HLO = """\
HloModule jit_scores, entry_computation_layout={(f32[2,3,8]{2,1,0})->f32[]}

FileNames
1 "snippets/ch/f.py"
2 "snippets/mlp.py"

FunctionNames
1 "<module>"
2 "scores"

FileLocations
1 {file_name_id=1 function_name_id=1 line=14 end_line=14 column=6 end_column=33}
2 {file_name_id=1 function_name_id=2 line=8 end_line=8 column=14 end_column=21}
3 {file_name_id=2 function_name_id=2 line=40 end_line=40 column=8 end_column=40}

StackFrames
1 {file_location_id=1 parent_frame_id=1}
2 {file_location_id=2 parent_frame_id=2}
3 {file_location_id=3 parent_frame_id=2}


ENTRY main.2 {
  q.1 = f32[2,3,8]{2,1,0} parameter(0), metadata={op_name="q"}
  dot.1 = f32[2,3,5]{2,1,0} dot(q.1, q.1), metadata={op_name="jit(scores)/dot_general" stack_frame_id=3}
  ROOT max.7 = f32[] reduce(dot.1), metadata={op_name="jit(scores)/reduce_max" stack_frame_id=2}
}

HloModule second

FileNames
1 "snippets/ch/f.py"

FileLocations
1 {file_name_id=1 function_name_id=1 line=20 end_line=20 column=1 end_column=2}

StackFrames
1 {file_location_id=1 parent_frame_id=1}

ENTRY main {
  ROOT a = f32[] add(b, c), metadata={op_name="jit(g)/add" stack_frame_id=1}
  ROOT old = f32[] add(b, c), metadata={op_name="jit(g)/add" source_file="snippets/ch/f.py" source_line=21}
}"""

STABLEHLO = """\
#loc1 = loc("x")
module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32> loc("x")) -> (tensor<f32>) {
    %0 = stablehlo.tanh %arg0 : tensor<4x8xf32> loc(#loc9)
    %1 = stablehlo.sine %0 : tensor<4x8xf32> loc(#loc10)
    return %1 : tensor<f32> loc(#loc8)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("snippets/ch/f.py":5:8 to :19)
#loc4 = loc("snippets/ch/f.py":10:5 to :27)
#loc5 = loc("snippets/mlp.py":6:11 to :18)
#loc6 = loc("f"(#loc3))
#loc7 = loc("<module>"(#loc4))
#loc8 = loc(callsite(#loc6 at #loc7))
#loc11 = loc(callsite(#loc5 at #loc7))
#loc9 = loc("jit(f)/tanh"(#loc8))
#loc10 = loc("jit(f)/sin"(#loc11))"""


def mapped(text: str) -> dict[str, list[int]]:
    """The first word of each mapped line (or its line if that is ambiguous) -> its source lines."""
    lines = text.split("\n")
    return {line.strip(): sorted(found) for line, found in zip(lines, output_locations(lines, FILE)) if found}


def test_a_jaxpr_maps_each_equation_and_its_parameter_lines_to_its_line():
    found = {line.split("#")[0].strip(): lines for line, lines in mapped(JAXPR).items()}
    assert found == {
        "b:f32[3] = sin a": [7],
        "h:f32[3] = remat2[": [12],
        "differentiated=True": [12],  # the parameter lines of a multi-line equation
        "k:f32[3] = sin i": [7],  # an equation of a nested jaxpr
        "{ lambda ; a:f32[4]. let b:f32[4] = tanh a in (b,) }": [14],  # a jaxpr on one line
    }  # not: another file's line (l), a bare `#` (p), lines after a nested jaxpr closed


def test_hlo_stack_frames_resolve_through_the_tables_of_their_own_module():
    found = {line.split(" = ")[0]: lines for line, lines in mapped(HLO).items()}
    # dot.1's innermost frame is in mlp.py; its caller (printed parent 2 = frame 1) is line 14.
    assert found == {"dot.1": [14], "ROOT max.7": [8], "ROOT a": [20], "ROOT old": [21]}


def test_stablehlo_locations_resolve_through_names_and_call_sites():
    found = {line.split(" = ")[0].strip(): lines for line, lines in mapped(STABLEHLO).items()}
    # %1's innermost location is in mlp.py: its caller in the snippet is line 10.
    assert found == {"%0": [5], "%1": [10], "return %1 : tensor<f32> loc(#loc8)": [5]}


def test_the_shown_lines_are_numbered_as_in_the_file():
    source = "import jax\n\n# --8<-- [start:f]\ndef f(x):\n    return x\n# --8<-- [end:f]\n\nprint(f(1))\n"
    assert shown_file_lines(source, None) == [1, 2, 4, 5, 7, 8]
    assert shown_file_lines(source, "f") == [4, 5]
    assert shown_file_lines("\n\nx = 1\n\n", None) == [3]


def code_block(language: str, lines: list[str]) -> str:
    body = "\n".join(f'<a id="__codelineno-0-{n}" name="__codelineno-0-{n}" href="#__codelineno-0-{n}"></a>'
                     f'{html.escape(line)}' for n, line in enumerate(lines, start=1))
    return f'<div class="language-{language} highlight"><pre><span></span><code>{body}\n</code></pre></div>'


def test_linking_wraps_matching_lines_and_changes_no_text():
    source = "import jax\n\n\ndef f(x):\n    y = x\n    return y\n"
    output = ["{ lambda ; a:f32[]. let", "    b:f32[] = sin a # snippets/ch/f.py:6:11 (f)", "  in (b,) }"]
    block = code_block("python", source.strip("\n").split("\n")) + "\n" + code_block("jaxpr", output)
    linked, count = link_block(block, "ch/f.py", source, None)
    assert count == 1
    assert re.findall(r'<span class="sm-line" (data-[\w-]+="[^"]*")>', linked) == ['data-line="6"', 'data-src="6"']
    assert re.sub(r"<[^>]+>", "", linked) == re.sub(r"<[^>]+>", "", block)  # the same text, line for line


def test_an_output_that_maps_nothing_is_reported_at_its_directive_line(tmp_path, caplog, monkeypatch):
    import source_map

    (tmp_path / "ch").mkdir()
    (tmp_path / "ch" / "f.py").write_text("import jax\nprint('no locations')\n", encoding="utf-8")
    chapter = "# C\n\n<!-- live: ch/f.py -->\n\ntext\n\n<!-- live: ch/f.py map=source -->\n"
    directive = parse_page(chapter, "docs/c.md").directives[1]
    opening = render(directive, load_snippet(tmp_path, "ch/f.py"), "no locations\n").strip().split("\n")[0]
    assert 'data-line="7"' in opening  # the directive's chapter line, written by render()
    block = code_block("python", ["import jax", "print('no locations')"]) + code_block("text", ["no locations"])
    page = f'{opening}{block}</div>'
    for serving, level in ((False, "WARNING"), (True, "INFO")):
        monkeypatch.setattr(source_map, "_serving", serving)
        caplog.clear()
        with caplog.at_level("INFO", logger="mkdocs.plugins.live"):
            source_map.link_page(page, tmp_path, "docs/c.md")
        assert [(r.levelname, r.getMessage().split(" has ")[0]) for r in caplog.records] == \
            [(level, "live: docs/c.md:7: ch/f.py")]
