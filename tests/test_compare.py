"""Before, after and the difference: the `compare=` option (hooks/live_engine/compare.py)."""

from __future__ import annotations

import re

import pytest

from live_engine.compare import counts, summary_table, unified_diff
from live_engine.directives import parse_page
from live_engine.render import render
from live_engine.snippets import load_snippet

BEFORE_HLO = """\
ENTRY main.1 {
  x.1 = f32[8,16]{1,0} parameter(0)
  exp.1 = f32[8,16]{1,0} exponential(x.1)
  constant.1 = f32[] constant(2)
  mul.2 = f32[8,16]{1,0} broadcast(constant.1), dimensions={}
  mul.3 = f32[8,16]{1,0} multiply(exp.1, mul.2)
  ROOT add.1 = f32[8,16]{1,0} add(mul.3, x.1)
}"""

AFTER_HLO = """\
%fused_computation (param_0.1: f32[8,16]) -> f32[8,16] {
  %param_0.1 = f32[8,16]{1,0} parameter(0)
  %exp.0 = f32[8,16]{1,0} exponential(%param_0.1)
  %constant.0 = f32[] constant(2)
  %mul.1 = f32[8,16]{1,0} broadcast(%constant.0), dimensions={}
  %mul.0 = f32[8,16]{1,0} multiply(%exp.0, %mul.1)
  ROOT %add.0 = f32[8,16]{1,0} add(%mul.0, %param_0.1)
}

ENTRY %main.1 (x.1: f32[8,16]) -> (f32[8,16], s32[]) {
  %x.1 = f32[8,16]{1,0} parameter(0)
  %fusion = f32[8,16]{1,0} fusion(%x.1), kind=kLoop, calls=%fused_computation
  %c = s32[] constant(0)
  ROOT %tuple = (f32[8,16]{1,0}, s32[]) tuple(%fusion, %c)
}
{'flops': 384.0, 'bytes accessed': 1024.0, 'utilization0{}': 1.0}"""


def test_hlo_counts_every_instruction_by_opcode_and_which_are_fused():
    before, after = counts(BEFORE_HLO, "hlo"), counts(AFTER_HLO, "hlo")
    assert dict(before.ops) == {"parameter": 1, "exponential": 1, "constant": 1, "broadcast": 1, "multiply": 1, "add": 1}
    assert before.fused == {} and before.fusions == {}
    assert after.ops["parameter"] == 2 and after.ops["fusion"] == 1 and after.ops["tuple"] == 1
    assert after.fused["exponential"] == 1 and after.fused["parameter"] == 1 and "tuple" not in after.fused
    assert dict(after.fusions) == {"kLoop": 1}
    assert after.costs == {"flops": 384.0, "bytes accessed": 1024.0}
    assert before.costs == {}


def test_a_tuple_shape_does_not_hide_the_opcode():
    assert dict(counts("ENTRY e {\n  ROOT t = (f32[2]{0}, (s32[], f32[])) tuple(a, b)\n}", "hlo").ops) == {"tuple": 1}


def test_jaxpr_and_stablehlo_are_counted_by_primitive_and_operation():
    jaxpr = "{ lambda ; a:f32[8]. let\n    b:f32[8] = sin a\n    _:f32[] c:f32[8] = pjit[name=f] b\n    d:f32[8] = mul c 2.0:f32[]\n  in (d,) }"
    assert dict(counts(jaxpr, "jaxpr").ops) == {"sin": 1, "pjit": 1, "mul": 1}
    stablehlo = ('func.func public @main(%arg0: tensor<8xf32>) -> (tensor<8xf32>) {\n'
                 '    %0 = stablehlo.sine %arg0 : tensor<8xf32>\n    return %0 : tensor<8xf32>\n  }\n'
                 '    %1:2 = "stablehlo.case"(%p) ({\n    stablehlo.return %0 : tensor<8xf32>')
    assert dict(counts(stablehlo, "stablehlo").ops) == {"func.func": 1, "stablehlo.sine": 1, "return": 1,
                                                    "stablehlo.case": 1, "stablehlo.return": 1}
    assert counts("plain words", "text") is None


def test_every_equation_and_operation_the_listing_shows_is_counted():
    # an equation without outputs prints no `=`; `x[0] = 1` in text around a jaxpr is no equation
    jaxpr = ("{ lambda ; a:f32[]. let\n    debug_print[\n      fmt=x {}\n      ordered=False\n    ] a\n"
             "    debug_callback[callback=f] a 1.0:f32[]\n    x[0] = 1\n    b:f32[] = add a 1.0:f32[]\n  in (b,) }")
    assert dict(counts(jaxpr, "jaxpr").ops) == {"debug_print": 1, "debug_callback": 1, "add": 1}
    # the func dialect's `call` and `return` print without `func.`, as JAX's StableHLO shows them
    stablehlo = ("  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32>) {\n"
                 "    %0 = call @inner(%arg0) : (tensor<4xf32>) -> tensor<4xf32>\n"
                 "    return %0 : tensor<4xf32> loc(#loc3)\n  }")
    assert dict(counts(stablehlo, "stablehlo").ops) == {"func.func": 1, "call": 1, "return": 1}


def table_rows(table: str) -> dict[str, list[str]]:
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    return rows


def test_the_summary_table_is_the_counts_of_the_two_texts():
    table = summary_table(counts(BEFORE_HLO, "hlo"), counts(AFTER_HLO, "hlo"), ("Before", "After"))
    assert table.splitlines()[0] == "| opcode | Before | After | change |"
    rows = table_rows(table)
    assert rows["**instructions**"] == ["6", "10 (6 fused)", "+4"]
    assert rows["`exponential`"] == ["1", "1 (1 fused)", ""]
    assert rows["`fusion`"] == ["0", "1", "+1"]
    assert rows["fusions `kLoop`"] == ["0", "1", "+1"]
    assert "flops (`cost_analysis`)" not in rows  # the before text printed no costs: no row to guess


def test_cost_rows_appear_when_both_outputs_print_cost_analysis():
    before = BEFORE_HLO + "\n{'flops': 512.0, 'bytes accessed': 2048.0}"
    rows = table_rows(summary_table(counts(before, "hlo"), counts(AFTER_HLO, "hlo"), ("A", "B")))
    assert rows["flops (`cost_analysis`)"] == ["512", "384", "−128"]
    assert rows["bytes accessed (`cost_analysis`)"] == ["2,048", "1,024", "−1,024"]


def test_the_unified_diff_is_made_from_the_two_texts():
    diff = unified_diff("a\nb\nc\n", "a\nB\nc\n", ("snippets/x.py", "snippets/y.py"))
    assert diff.splitlines() == ["--- snippets/x.py", "+++ snippets/y.py", "@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"]
    assert unified_diff("same\n", "same", ("x", "y")) == ""


@pytest.fixture
def pair(tmp_path):
    folder = tmp_path / "snippets" / "demo"
    folder.mkdir(parents=True)
    (folder / "before.py").write_text("print('before')\n")
    (folder / "after.py").write_text("print('after')\n")
    return (load_snippet(tmp_path / "snippets", "demo/before.py"), load_snippet(tmp_path / "snippets", "demo/after.py"))


def directive(line: str):
    parsed = parse_page(line + "\n", "docs/page.md")
    assert parsed.errors == []
    return parsed.directives[0]


def tab_labels(markdown: str) -> list[str]:
    return re.findall(r'^\s*=== "([^"]*)"$', markdown, re.MULTILINE)


def test_compare_renders_three_tabs_each_side_as_alone_and_the_diff(pair):
    markdown = render(directive("<!-- live: demo/before.py compare=demo/after.py -->"),
                      pair[0], BEFORE_HLO, (pair[1], AFTER_HLO))
    assert tab_labels(markdown) == ["Before", "After", "Diff"]
    before_tab, after_tab, diff_tab = re.split(r'^=== "[^"]*"$', markdown, flags=re.MULTILINE)[1:]
    assert 'data-snippet="demo/before.py"' in before_tab and 'title="snippets/demo/before.py"' in before_tab
    assert 'data-snippet="demo/after.py"' in after_tab and 'data-lang="hlo"' in after_tab
    assert '<div class="live-summary"' in diff_tab and "| `fusion` | 0 | 1 | +1 |" in diff_tab
    assert "```diff" in diff_tab and "--- snippets/demo/before.py" in diff_tab and "+++ snippets/demo/after.py" in diff_tab
    # every line of a tab is indented under its `===` line, so the tab holds it
    for tab in (before_tab, after_tab, diff_tab):
        assert all(line.startswith("    ") for line in tab.strip("\n").splitlines() if line)


def test_labels_name_the_tabs_and_summary_hide_drops_the_table(pair):
    line = '<!-- live: demo/before.py compare=demo/after.py labels="Forward,Gradient" summary=hide source=hide -->'
    markdown = render(directive(line), pair[0], BEFORE_HLO, (pair[1], AFTER_HLO))
    assert tab_labels(markdown) == ["Forward", "Gradient", "Diff"]
    assert "live-summary" not in markdown and "```python" not in markdown


def test_an_indented_comparison_stays_inside_its_block(pair):
    markdown = render(directive("    <!-- live: demo/before.py compare=demo/after.py -->"),
                      pair[0], "same\n", (pair[1], "same\n"))
    assert all(line.startswith("    ") for line in markdown.strip("\n").splitlines() if line)
    assert "(the two outputs are identical)" in markdown


def test_a_long_diff_folds_like_a_long_output(pair):
    before = "\n".join(f"line {i}" for i in range(60))
    after = "\n".join(f"line {i}" if i % 2 else f"changed {i}" for i in range(60))
    markdown = render(directive("<!-- live: demo/before.py compare=demo/after.py -->"), pair[0], before, (pair[1], after))
    assert '<div class="live-diff long" data-lang="diff"' in markdown and "Show all" in markdown


@pytest.mark.parametrize(("line", "hint"), [
    ("<!-- live: a.py compare=../b.py -->", "inside the snippets folder"),
    ("<!-- live: a.py compare=b.txt -->", "Python file"),
    ("<!-- live: a.py labels=One,Two -->", "need compare="),
    ("<!-- live: a.py summary=hide -->", "need compare="),
    ('<!-- live: a.py compare=b.py labels="One" -->', "two labels"),
    ('<!-- live: a.py compare=b.py labels="A,B,C" -->', "two labels"),
    ("<!-- live: a.py compare=b.py output=hide -->", "cannot go with output=hide"),
    ("<!-- live: a.py picture=show output=hide -->", "picture=show draws the output"),
])
def test_a_bad_comparison_is_a_located_error(line, hint):
    errors = parse_page(line + "\n", "docs/page.md").errors
    assert len(errors) == 1 and errors[0].line == 1 and hint in str(errors[0])


def test_a_comparison_runs_both_snippets():
    assert directive("<!-- live: a.py compare=b.py -->").paths == ("a.py", "b.py")
    assert directive("<!-- live: a.py -->").paths == ("a.py",)
