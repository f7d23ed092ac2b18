"""The IR lexers: found by name, a meaning per token, no Error token in any live output, readable colours."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Error, Keyword, Name, Number

from live_engine.render import detect_language
from test_site import live_outputs

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ["hlo", "stablehlo", "jaxpr"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_pygments_finds_each_lexer_by_name_through_the_entry_point(language):
    assert get_lexer_by_name(language).aliases[0] == language


def roles(language: str, text: str) -> dict[str, object]:
    """Each non-blank token's text, mapped to its token type."""
    return {value.strip(): kind for kind, value in get_lexer_by_name(language).get_tokens(text) if value.strip()}


def test_an_hlo_line_reads_as_name_shape_layout_opcode_attribute_and_dimmed_metadata():
    line = ('  ROOT %add.0 = f32[8,16]{1,0} add(%mul.0, %sin.0), dimensions={0}, '
            'metadata={op_name="jit(f)/add" stack_frame_id=2}\n')
    found = roles("hlo", line)
    assert found["ROOT"] is Keyword
    assert found["%add.0"] is found["%mul.0"] is Name.Variable
    assert found["f32[8,16]"] is Keyword.Type and found["{1,0}"] is Name.Label
    assert found["add"] is Name.Builtin and found["dimensions"] is Name.Attribute
    assert found['"jit(f)/add"'] in (Comment,) and found["}"] is Comment


def test_hlo_computation_names_constants_and_the_tables():
    text = ("ENTRY %main.4 (x.1: f32[2]) -> f32[2] {\n  %c = f32[] constant(2.5)\n"
            "  %f = f32[2]{0} fusion(%x.1), kind=kLoop, calls=%fused_computation\n}\n\nFileNames\n1 \"mlp.py\"\n"
            "StackFrames\n1 {file_location_id=1 parent_frame_id=1}\n")
    found = roles("hlo", text)
    assert found["%main.4"] is Name.Function and found["%fused_computation"] is Name.Function
    assert found["2.5"] is Number and found["constant"] is Name.Builtin
    assert found["FileNames"] is Comment.Special and found['1 "mlp.py"'] is Comment
    assert found["1 {file_location_id=1 parent_frame_id=1}"] is Comment


def test_a_stablehlo_op_reads_as_value_op_type_and_dimmed_location():
    line = "    %0 = stablehlo.exponential %arg0 : tensor<8x16xf32> loc(#loc3)\n"
    found = roles("stablehlo", line)
    assert found["%0"] is found["%arg0"] is Name.Variable
    assert found["stablehlo.exponential"] is Name.Builtin
    assert found["tensor"] is Keyword.Type and found["8x16xf32"] is Keyword.Type
    assert found["loc("] is Comment


def test_a_jaxpr_equation_reads_as_binders_types_primitive_and_parameters():
    text = "{ lambda ; a:f32[8] b:f32[8]. let c:f32[8] = reduce_sum[axes=(0,)] a in (c,) }\n"
    found = roles("jaxpr", text)
    assert found["lambda"] is found["let"] is found["in"] is Keyword
    assert found["a"] is Name.Variable and found["f32[8]"] is Keyword.Type
    assert found["reduce_sum"] is Name.Builtin and found["axes"] is Name.Attribute


def test_a_character_no_rule_knows_is_an_error_token():
    """So that the test below can fail: the lexers have no catch-all."""
    assert any(kind is Error for kind, _ in get_lexer_by_name("hlo").get_tokens("%a = f32[2]{0} add(%b) ☃\n"))


def test_every_live_output_in_an_ir_lexes_without_an_error_token(clean_site):
    problems, seen = [], {language: 0 for language in LANGUAGES}
    for page, snippet, text in live_outputs(clean_site):
        language = detect_language(text)
        if language == "text":
            continue
        seen[language] += 1
        errors = sorted({value for kind, value in get_lexer_by_name(language).get_tokens(text) if kind is Error})
        if errors:
            problems.append(f"{page}: {snippet} ({language}): {errors}")
    assert problems == []
    assert all(count >= 5 for count in seen.values()), seen


def test_each_output_block_carries_its_language(clean_site):
    """The page's code block is lexed by the lexer the engine detected for it."""
    page = (clean_site / "optimizations-simplification" / "index.html").read_text(encoding="utf-8")
    blocks = re.findall(r'<div class="live-output"[^>]*? data-lang="(\w+)"[^>]*>\s*<div class="language-(\w+) highlight">',
                        page)
    assert blocks and all(declared == used for declared, used in blocks)
    assert {"hlo", "jaxpr"} <= {used for _, used in blocks}


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Material's code backgrounds: #f5f5f5 (light); slate's hsla(232, 15%, 18%) is #272a35 (dark).
BACKGROUNDS = {":root": "#f5f5f5", '[data-md-color-scheme="slate"]': "#272a35"}


def test_every_token_colour_meets_wcag_aa_on_its_background():
    css = (ROOT / "docs" / "assets" / "ir.css").read_text(encoding="utf-8")
    ratios = {}
    for selector, background in BACKGROUNDS.items():
        block = css[css.index(selector + " {"):]
        block = block[: block.index("}")]
        for name, colour in re.findall(r"--(ir-[\w-]+):\s*(#[0-9a-fA-F]{6})", block):
            ratios[f"{selector} {name}"] = contrast(colour, background)
    assert len(ratios) == 18
    assert {name: round(r, 2) for name, r in ratios.items() if r < 4.5} == {}


def test_a_jaxprs_source_locations_are_dimmed_comments():
    """pretty_print(source_info=True) ends equations with `# file:line:column (function)`, or a bare `#`."""
    text = ("{ lambda ; a:f32[3]. let\n    b:f32[3] = sin a  # snippets/x.py:7:12 (block)\n"
            "    c:f32[3] = jit[  # \n      name=f\n    ] b\n  in (c,) }\n")
    tokens = [(kind, value) for kind, value in get_lexer_by_name("jaxpr").get_tokens(text) if value.strip()]
    assert (Comment, "# snippets/x.py:7:12 (block)") in tokens and (Comment, "#") in tokens
    assert not any(kind is Error for kind, _ in tokens)
    assert roles("jaxpr", text)["sin"] is Name.Builtin  # the equation itself reads as before


def test_a_string_cut_short_by_an_elision_is_a_string_not_an_error():
    """Snippets and the notebook shorten long lines with ' …'; a quote left open there is no error."""
    line = '  %ynn_fusion = f32[64,32]{1,0} fusion(%x.1), kind=kCustom, backend_config={"fusion …\n'
    tokens = [(kind, value) for kind, value in get_lexer_by_name("hlo").get_tokens(line) if value.strip()]
    assert not any(kind is Error for kind, _ in tokens) and ('"fusion' in dict((v, k) for k, v in tokens))


def test_paddings_windows_and_words_starting_with_a_digit_read_without_errors():
    """HLO prints paddings and windows as numbers joined by `_` and `x`; prose says `2x`; jaxprs print
    a callable as `<function ... at 0x…>` once the address is elided."""
    line = "ROOT pad.1 = f32[8]{0} pad(x.1, c.1), padding=-1_2_1, window={size=1x16 pad=0_0x15_0}  # 2x faster\n"
    tokens = [(kind, value) for kind, value in get_lexer_by_name("hlo").get_tokens(line) if value.strip()]
    assert not any(kind is Error for kind, _ in tokens)
    assert (Number, "-1_2_1") in tokens and (Number, "0_0x15_0") in tokens and (Number, "1x16") in tokens
    jaxpr = "    callback=<function debug_callback.<locals>._flat_callback at 0x…>\n"
    assert not any(kind is Error for kind, _ in get_lexer_by_name("jaxpr").get_tokens(jaxpr))
