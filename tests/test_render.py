from __future__ import annotations

import re
from pathlib import Path

import pytest

from live_engine.directives import Directive, parse_page
from live_engine.render import detect_language, render
from live_engine.snippets import Snippet, load_snippet

SOURCE = """\
import jax
# --8<-- [start:call]
print(jax.numpy.ones(3))
# --8<-- [end:call]
"""


@pytest.fixture
def snippet(tmp_path) -> Snippet:
    folder = tmp_path / "snippets"
    (folder / "pipeline").mkdir(parents=True)
    (folder / "pipeline" / "demo.py").write_text(SOURCE)
    return load_snippet(folder, "pipeline/demo.py")


def directive(line: str) -> Directive:
    parsed = parse_page(line + "\n", "docs/page.md")
    assert parsed.errors == []
    return parsed.directives[0]


def fenced_blocks(markdown: str) -> list[tuple[str, str]]:
    """(opening line, body) of every fenced block, read the way a Markdown renderer would."""
    blocks, lines, index = [], markdown.split("\n"), 0
    while index < len(lines):
        opener = re.match(r"^\s*(`{3,})", lines[index])
        if not opener:
            index += 1
            continue
        fence, indent = opener[1], lines[index][: opener.start(1)]
        end = next(i for i in range(index + 1, len(lines)) if lines[i].strip() == fence)
        blocks.append((lines[index].strip(), "\n".join(line[len(indent):] for line in lines[index + 1 : end])))
        index = end + 1
    return blocks


def outside_fences(markdown: str) -> str:
    """The Markdown with every fenced block's body removed."""
    kept = markdown
    for _, body in fenced_blocks(markdown):
        kept = kept.replace(body, "", 1) if body else kept
    return kept


# --- detect_language ---------------------------------------------------------

LANGUAGES = {
    "hlo": ("HloModule jit_f, entry_computation_layout={()->f32[]}\n", "hlo"),
    "stablehlo module": ('module @jit_f attributes {mhlo.num_partitions = 1 : i32} {\n', "stablehlo"),
    "stablehlo with locations first": ('#loc1 = loc("x")\nmodule @jit_f {\n', "stablehlo"),
    "stablehlo with an unnumbered location": ("#loc = loc(unknown)\nmodule @jit_f {\n", "stablehlo"),
    "jaxpr": ("{ lambda ; a:f32[3]. let b:f32[3] = sin a in (b,) }\n", "jaxpr"),
    "leading blank lines": ("\n\n  { lambda ; a:f32[]. let  in (a,) }", "jaxpr"),
    "plain text": ("hello\n", "text"),
    "a mention in prose": ("the HloModule below has one ENTRY\nand its ROOT is an add\n", "text"),
    "a header over an HLO listing": ("== after optimizations ==\nENTRY %main (x: f32[2]) -> f32[2] {\n"
                                     "  ROOT %a = f32[2]{0} add(%x, %x)\n}\n", "hlo"),
    "one HLO line in a page of prose": ("a\nb\nc\nd\ne\n  %a = f32[2]{0} add(%x, %x)\n", "text"),
    "a jaxpr after a count": ("3 equations\n{ lambda ; a:f32[]. let\n    b:f32[] = sin a\n  in (b,) }\n", "jaxpr"),
    "stablehlo ops in a function body": ("ops:\n  %0 = stablehlo.add %arg0, %arg0 : tensor<f32>\n"
                                         "  return %0 : tensor<f32>\n", "stablehlo"),
    "empty": ("", "text"),
}


@pytest.mark.parametrize(("output", "language"), LANGUAGES.values(), ids=LANGUAGES.keys())
def test_the_output_language_is_judged_by_how_it_starts_or_what_most_lines_are(output, language):
    assert detect_language(output) == language


# --- render ---------------------------------------------------------


def test_the_output_goes_in_a_live_output_div_named_after_the_snippet(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py -->"), snippet, "[1. 1. 1.]\n")
    assert '<div class="live-output" data-snippet="pipeline/demo.py"' in markdown
    assert ("```text title=\"Output\"", "[1. 1. 1.]") in fenced_blocks(markdown)


def test_the_source_is_a_python_fence_titled_with_its_path(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py -->"), snippet, "out\n")
    assert fenced_blocks(markdown)[0] == (
        '```python title="snippets/pipeline/demo.py"', "import jax\nprint(jax.numpy.ones(3))",
    )


def test_the_source_comes_before_the_output(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py -->"), snippet, "out\n")
    assert markdown.index("```python") < markdown.index("live-output")


def test_a_section_shows_only_its_lines(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py section=call -->"), snippet, "out\n")
    assert fenced_blocks(markdown)[0][1] == "print(jax.numpy.ones(3))"


def test_source_hide_omits_the_source(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py source=hide -->"), snippet, "out\n")
    assert "```python" not in markdown
    assert "import jax" not in markdown
    assert "live-output" in markdown


def test_source_fold_puts_the_source_in_a_collapsed_admonition(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py source=fold -->"), snippet, "out\n")
    assert '\n??? example "Source: snippets/pipeline/demo.py"\n\n    ```python title="snippets/pipeline/demo.py"\n' in markdown
    assert "\n    import jax\n" in markdown
    assert "\n<div class=\"live-output\"" in markdown  # the output is not folded


def test_output_hide_omits_the_output(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py output=hide -->"), snippet, "PRINTED\n")
    assert "live-output" not in markdown
    assert "PRINTED" not in markdown
    assert "```python" in markdown


def test_hiding_both_leaves_nothing_but_blank_lines(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py source=hide output=hide -->"), snippet, "out\n")
    assert markdown.strip() == ""


@pytest.mark.parametrize("indent", ["    ", "\t", "  "])
@pytest.mark.parametrize("options", ["", "source=fold", "source=hide"])
def test_an_indented_directive_indents_every_line(snippet, indent, options):
    markdown = render(directive(f"{indent}<!-- live: pipeline/demo.py {options} -->"), snippet, "one\n\ntwo\n")
    lines = markdown.strip("\n").split("\n")
    assert all(line.startswith(indent) for line in lines)
    assert f"{indent}one\n{indent}\n{indent}two\n" in markdown


def test_the_expansion_stands_apart_from_the_surrounding_text(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py -->"), snippet, "out\n")
    assert markdown.startswith("\n") and markdown.endswith("\n")


@pytest.mark.parametrize(("output", "fence"), [("a ``` b", "````"), ("``````", "```````"), ("`one` ``two``", "```")])
def test_an_output_containing_backticks_gets_a_longer_fence(snippet, output, fence):
    markdown = render(directive("<!-- live: pipeline/demo.py source=hide -->"), snippet, output)
    assert fenced_blocks(markdown) == [(f'{fence}text title="Output"', output)]


def test_a_source_containing_backticks_gets_a_longer_fence(tmp_path):
    (tmp_path / "md.py").write_text('print("""\n```python\nx\n```\n""")\n')
    snippet = load_snippet(tmp_path, "md.py")
    markdown = render(directive("<!-- live: md.py output=hide -->"), snippet, "")
    assert fenced_blocks(markdown) == [('````python title="snippets/md.py"', snippet.source.strip("\n"))]


@pytest.mark.parametrize(
    "output",
    ["<script>alert(1)</script>", "</div>\n<script>alert(1)</script>", "```\n<script>alert(1)</script>\n```",
     "tensor<4xf32>", "<!-- live: pipeline/demo.py -->"],
)
def test_markup_in_the_output_stays_inside_the_fenced_block(snippet, output):
    markdown = render(directive("<!-- live: pipeline/demo.py source=hide -->"), snippet, output + "\n")
    assert [body for _, body in fenced_blocks(markdown)] == [output]
    assert "<script>" not in outside_fences(markdown)
    assert outside_fences(markdown).count("</div>") == 1


def test_an_empty_output_says_the_snippet_printed_nothing(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py source=hide -->"), snippet, "\n\n")
    assert fenced_blocks(markdown) == [('```text title="Output"', "(the snippet printed nothing)")]


def test_trailing_newlines_of_the_output_are_dropped_and_leading_ones_kept(snippet):
    markdown = render(directive("<!-- live: pipeline/demo.py source=hide -->"), snippet, "\nout\n\n\n")
    assert fenced_blocks(markdown)[0][1] == "\nout"


@pytest.mark.parametrize(
    ("option", "output", "language"),
    [("", "HloModule m\n", "hlo"), ("", "{ lambda ; . let  in () }", "jaxpr"), ("lang=text", "HloModule m\n", "text"),
     ("lang=python", "x = 1", "python"), ("lang=stablehlo", "anything", "stablehlo")],
)
def test_the_output_fence_and_div_carry_the_language(snippet, option, output, language):
    markdown = render(directive(f"<!-- live: pipeline/demo.py source=hide {option} -->"), snippet, output)
    assert f'data-lang="{language}"' in markdown
    assert fenced_blocks(markdown)[0][0] == f'```{language} title="Output"'


def test_a_snippet_name_that_would_need_escaping_is_refused_by_the_directive():
    """Names reach HTML attributes and fence titles; only plain path characters are allowed."""
    [error] = parse_page("<!-- live: 'a&b/x.py' -->\n", "docs/page.md").errors
    assert "may hold only letters" in str(error)


def test_the_source_shown_is_the_one_loaded_even_if_the_file_changed_since(snippet):
    Path(snippet.file).write_text("print('edited')\n")
    markdown = render(directive("<!-- live: pipeline/demo.py -->"), snippet, "out\n")
    assert fenced_blocks(markdown)[0][1] == "import jax\nprint(jax.numpy.ones(3))"


@pytest.mark.parametrize("lines, folded", [(40, False), (41, True)])
def test_an_output_over_forty_lines_folds_its_tail_behind_show_all(snippet, lines, folded):
    output = "\n".join(f"line {n}" for n in range(lines))
    markdown = render(directive("<!-- live: pipeline/demo.py -->"), snippet, output)
    assert ('class="live-output long"' in markdown) is folded
    assert (f"Show all {lines} lines" in markdown) is folded
    assert f"line {lines - 1}" in markdown  # every line is on the page: CSS hides the tail, search sees it


def test_every_tab_of_a_directive_with_targets_is_highlighted_in_one_language(snippet):
    """An H100's output with fewer HLO-looking lines than the CPU's would, judged alone, show as
    text beside highlighted CPU and TPU tabs of the same listing (recipes/loop-in-hlo). The
    language is the one most tabs' outputs are in, the CPU's on a tie."""
    from live_engine.render import OnTarget, render_targets

    def tabs(shown):  # the language of each tab's output, the folded diffs to the CPU's left out
        return [lang for lang in re.findall(r'data-lang="(\w+)"', shown) if lang != "diff"]

    hlo = "%while.0: while(%tuple.5)\n  %a.1 = f32[4]{0} add(%b, %c)\n  ROOT %t = (f32[4]) tuple(%a.1)\n"
    sparse = "%while.6: while(%tuple.2)\n  slot 0: s32[]\n  slot 1: f32[4]\n  slot 2: f32[10]\n  ROOT %t = (f32[4]) tuple(%x)\n"
    assert (detect_language(hlo), detect_language(sparse)) == ("hlo", "text")
    auto = directive("<!-- live: pipeline/demo.py targets=tpu-v5e,h100 -->")
    shown = render_targets(auto, snippet, hlo, [OnTarget("tpu-v5e", hlo), OnTarget("h100", sparse)], "")
    assert tabs(shown) == ["hlo", "hlo", "hlo"]
    mostly = render_targets(auto, snippet, sparse, [OnTarget("tpu-v5e", hlo), OnTarget("h100", hlo)], "")
    assert tabs(mostly) == ["hlo", "hlo", "hlo"]
    tie = render_targets(auto, snippet, sparse, [OnTarget("tpu-v5e", hlo)], "")
    assert tabs(tie) == ["text", "text"]
    failed = render_targets(auto, snippet, hlo, [OnTarget("h100", "Traceback ...", failed=True)], "")
    assert tabs(failed) == ["hlo", "text"]  # a failure is a traceback, not HLO
    told = directive("<!-- live: pipeline/demo.py lang=jaxpr targets=h100 -->")
    assert tabs(render_targets(told, snippet, hlo, [OnTarget("h100", sparse)], "")) == ["jaxpr", "jaxpr"]
