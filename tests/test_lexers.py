"""The IR lexers: found by name, a meaning per token, no Error token in any live output, readable colours.

Readable colours twice over: assets/ir.css's colours against Material's code backgrounds, read from
the file; and, in Chromium, every element of text inside every code block of the built site (IR
listings, Python sources, any other language), light and dark, against the background it is drawn
on. The second is what axe's color-contrast rule checked there before it was told to skip the code
blocks (tests/browsing.py), at the same ratio; this file also checks that it saw every kind of
token the built pages hold.
"""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
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


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def luminance(colour) -> float:
    """WCAG's relative luminance of '#rrggbb' or (r, g, b) in 0..255."""
    r, g, b = (c / 255 for c in (rgb(colour) if isinstance(colour, str) else colour))
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b) -> float:
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


# --- every token on every page, in Chromium ---------------------------------------------------

AA = 4.5  # axe's color-contrast for text under 18 pt (14 pt bold), which code is


def faint_code(visits: dict) -> list[str]:
    """Each kind of text element in the code blocks whose colour is under AA on its background, by
    scheme and page, with its count and the start of its text; and each visit that measured nothing."""
    problems = []
    for _, visit in sorted(visits.items()):
        where = visit.where
        if visit.code_colours is None:
            problems.append(f"{where}: the code blocks' colours were not measured: {visit.problems}")
            continue
        for group in visit.code_colours["groups"]:
            ratio = contrast(group["colour"], group["background"])
            if ratio < AA:
                problems.append(f"{where}: {group['language']} {group['element']} {tuple(group['colour'])} on "
                                f"{tuple(group['background'])}: {ratio:.2f}:1 ({group['count']}x, {group['text']!r})")
    return problems


class CodeElements(HTMLParser):
    """(language-X, tag.class.class) of every element holding text of its own inside a code block's
    <code>, as the built HTML has them: what the browser check must have seen."""

    def __init__(self):
        super().__init__()
        self.kinds: set[tuple[str, str]] = set()
        self._language: str | None = None  # of the highlight div we are in
        self._stack: list[str] = []  # open elements inside <code>, <code> first
        self._in_code = False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div" and "highlight" in classes:
            self._language = next((c for c in classes if c.startswith("language-")), "(none)")
        if self._in_code:
            self._stack.append(tag + "".join(f".{c}" for c in sorted(classes)))
        elif tag == "code" and self._language is not None:
            self._in_code, self._stack = True, ["code" + "".join(f".{c}" for c in sorted(classes))]

    def handle_endtag(self, tag):
        if self._in_code and self._stack:
            self._stack.pop()
            if not self._stack:
                self._in_code, self._language = False, None

    def handle_data(self, data):
        if self._in_code and self._stack and data.strip():
            self.kinds.add((self._language, self._stack[-1]))


def code_elements(site: Path) -> set[tuple[str, str]]:
    kinds = set()
    for page in site.rglob("*.html"):
        parser = CodeElements()
        parser.feed(page.read_text(encoding="utf-8"))
        kinds |= parser.kinds
    return kinds


def test_every_element_of_text_in_every_code_block_meets_wcag_aa_light_and_dark(site_visits, clean_site):
    """Its colour on the background it is drawn on, in Chromium, on every page of the built site."""
    assert faint_code(site_visits) == []
    measured = defaultdict(set)
    for (_, scheme), visit in site_visits.items():
        measured[scheme] |= {(group["language"], group["element"]) for group in visit.code_colours["groups"]}
    built = code_elements(clean_site)
    assert {"language-hlo", "language-stablehlo", "language-jaxpr", "language-python"} <= {lang for lang, _ in built}
    for scheme in ("light", "dark"):
        assert built - measured[scheme] == set(), f"{scheme}: kinds of token the check did not see"


def test_the_colour_check_names_a_faint_token_and_its_page():
    from browsing import Visit

    visit = Visit("reading-hlo/", "dark", code_colours={"elements": 2, "groups": [
        {"language": "language-hlo", "element": "span.nv", "colour": [227, 156, 247], "background": [39, 42, 53],
         "text": "%x.1", "count": 40},
        {"language": "language-hlo", "element": "span.c", "colour": [80, 84, 92], "background": [39, 42, 53],
         "text": "metadata={", "count": 3}]})
    unmeasured = Visit("", "light", problems=["the visit failed: timeout"])
    assert faint_code({(v.page, v.scheme): v for v in (visit, unmeasured)}) == [
        "light: /: the code blocks' colours were not measured: ['the visit failed: timeout']",
        "dark: reading-hlo/: language-hlo span.c (80, 84, 92) on (39, 42, 53): 1.88:1 (3x, 'metadata={')"]


def test_the_built_html_is_read_for_every_kind_of_code_element(tmp_path):
    (tmp_path / "index.html").write_text(
        '<div class="language-hlo highlight"><span class="filename">Output</span><pre><span></span><code>'
        '<a id="x"></a><span class="nv">%a</span> = <span class="w"> </span><span class="sm-line"><span class="nb">add</span>'
        '(</span>\n</code></pre></div><p><code>inline</code></p>')
    assert code_elements(tmp_path) == {("language-hlo", "span.nv"), ("language-hlo", "span.nb"),
                                       ("language-hlo", "span.sm-line"), ("language-hlo", "code")}
