"""Listings made for reading, in Chromium: source to IR, name highlighting and reference
tooltips together, the notebook's outputs highlighted, and screenshots of three chapters.

Uses the built site of test_browser.py (the session's clean build), so it adds seconds,
not a build. The screenshots are written under pytest's temporary folder (the path is in
the report of a failure, and `--basetemp DIR` keeps them where you want to look).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from browsing import AXE

CONTRAST = """async (selector) => (await axe.run(document.querySelector(selector),
    {runOnly: ['color-contrast'], resultTypes: ['violations']})).violations
    .flatMap(v => v.nodes.map(n => [n.target.join(' '), n.any.map(a => a.message).join('; ')]))"""


def open_block(context, served_site: str, page_path: str, snippet: str):
    page = context.new_page()
    page.goto(served_site + page_path, wait_until="networkidle")
    block = page.locator(f'.live-map[data-snippet="{snippet}"]')
    block.evaluate("b => b.scrollIntoView({block: 'center'})")
    return page, block


def marked(block) -> tuple[list[str], list[str]]:
    """The marked source lines (their numbers) and the marked output lines (their text)."""
    return (block.locator(".language-python .sm-line.sm-on").evaluate_all("s => s.map(e => e.dataset.line)"),
            [t.rstrip("\n") for t in block.locator(".live-output .sm-line.sm-on").all_inner_texts()])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pointing_at_a_line_of_python_marks_the_equations_it_produced_and_back(served_site, browser, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page, block = open_block(context, served_site, "grad-vmap-checkpoint/", "grad_vmap/checkpoint_jaxpr.py")
    output = block.locator(".live-output code").inner_text()
    from_line_7 = [line for line in output.splitlines() if re.search(r"checkpoint_jaxpr\.py:7:\d+ \(block\)$", line)]
    assert len(from_line_7) == 4  # sin in the forward part; sin, cos and mul inside remat2

    source_line = block.locator('.language-python .sm-line[data-line="7"]')
    assert "jnp.sin(x)" in source_line.inner_text()
    plain = source_line.evaluate("e => getComputedStyle(e).backgroundColor")
    source_line.hover()
    assert marked(block) == (["7"], from_line_7)
    assert source_line.evaluate("e => getComputedStyle(e).backgroundColor") != plain  # drawn, not only classed
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    assert page.evaluate(CONTRAST, f'.live-map[data-snippet="grad_vmap/checkpoint_jaxpr.py"]') == []

    # The reverse: an equation of the recomputation marks its line, and the other equations of that line.
    block.locator(".live-output .sm-line", has_text="k:f32[3] = sin i").hover()
    assert marked(block) == (["7"], from_line_7)
    block.locator(".live-output .sm-line", has_text="d:f32[3] = mul c a").hover()
    lines, equations = marked(block)
    assert lines == ["12"] and all(":12:" in e for e in equations if "#" in e) and len(equations) >= 5

    page.mouse.move(0, 0)
    assert marked(block) == ([], [])  # moving away releases it
    context.close()


def test_names_tooltips_and_source_lines_work_together_in_one_hlo_listing(served_site, context):
    page, block = open_block(context, served_site, "reading-hlo/", "reading_hlo/batched_scores.py")
    listing = block.locator(".language-hlo code")
    # Source to IR through the stack-frame tables: line 7, the einsum, produced the dot.
    block.locator('.language-python .sm-line[data-line="7"]').hover()
    lines, instructions = marked(block)
    assert lines == ["7"] and [i.split(" = ")[0].strip() for i in instructions] == ["dot_general.1"]
    # Name highlighting inside a mapped line: every use of dot_general.1, its definition outlined.
    name = listing.locator(".nv", has_text=re.compile(r"^dot_general\.1$")).last
    name.hover()
    assert listing.locator(".nv.ir-same").count() >= 3 and listing.locator(".nv.ir-def").count() == 1
    assert set(listing.locator(".nv.ir-same").all_inner_texts()) == {"dot_general.1"}
    # The opcode links its reference row, with its meaning as a tooltip.
    dot = listing.locator("a.ir-ref", has_text=re.compile(r"^dot$")).first
    assert dot.get_attribute("href").endswith("hlo-opcodes/#op-dot") and len(dot.get_attribute("title")) > 10
    dot.hover()
    assert dot.evaluate("e => getComputedStyle(e).textDecorationStyle") == "solid"
    # The copy button copies the listing's text exactly: the line spans add no line breaks.
    output = block.locator(".live-output")
    output.hover()
    output.locator("button[data-md-type=copy]").click()
    assert page.evaluate("navigator.clipboard.readText()").strip() == listing.evaluate("c => c.textContent").strip()


def test_the_notebooks_ir_outputs_are_highlighted_and_linked(served_site, context):
    page = context.new_page()
    page.goto(served_site + "case-study/", wait_until="networkidle")
    page.locator("footer").wait_for(state="attached")  # the whole page is there (a loaded machine is slow)
    outputs = page.locator(".jp-RenderedText[data-lang]")
    languages = set(outputs.evaluate_all("os => os.map(o => o.dataset.lang)"))
    assert {"jaxpr", "stablehlo", "hlo"} <= languages
    hlo = page.locator(".jp-RenderedText[data-lang=hlo] .language-hlo").first
    opcode = hlo.locator("a.ir-ref").first
    assert opcode.get_attribute("title")
    colours = {hlo.locator(kind).first.evaluate("e => getComputedStyle(e).color") for kind in (".nv", ".kt", "a.ir-ref")}
    assert len(colours) == 3  # names, types and opcodes each in their own colour


# --- screenshots -------------------------------------------------------------------

CHAPTERS = {  # page -> the listing the screenshot shows (a live-map block: source and IR together)
    "jaxprs-control-flow/": "jaxprs/python_control_flow.py",
    "reading-hlo/": "reading_hlo/batched_scores.py",
    "grad-vmap-checkpoint/": "grad_vmap/checkpoint_jaxpr.py",
}
TOKEN_COLOURS = {"light": {"opcode": (0x05, 0x50, 0xAE), "name": (0x8B, 0x1F, 0xA8)},
                 "dark": {"opcode": (0x79, 0xB8, 0xFF), "name": (0xE3, 0x9C, 0xF7)}}  # assets/ir.css


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


def near(pixel, colour, tolerance=24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_three_chapters_show_highlighted_listings_within_the_column(
        served_site, browser, screenshots, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    for chapter, snippet in CHAPTERS.items():
        page, block = open_block(context, served_site, chapter, snippet)
        block.evaluate("b => b.scrollIntoView({block: 'start'})")
        block.locator(".language-python .sm-line").first.hover()  # the source-to-IR marking, as a reader sees it
        path = screenshots / f"{chapter.strip('/')}-{scheme}.png"
        page.screenshot(path=str(path))

        # Nothing wider than the window, and the main column does not scroll sideways: long IR
        # lines scroll inside their own code block.
        widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth, window: innerWidth,
            column: document.querySelector('.md-content').scrollWidth,
            columnBox: document.querySelector('.md-content').clientWidth})""")
        assert widths["page"] <= widths["window"] and widths["column"] <= widths["columnBox"], (widths, path)
        # The picture holds the IR's colours: opcodes and names drew in their own colours.
        colours = Image.open(io.BytesIO(path.read_bytes())).convert("RGB").getcolors(maxcolors=1 << 20)
        for role, colour in TOKEN_COLOURS[scheme].items():
            assert sum(count for count, pixel in colours if near(pixel, colour)) > 50, (role, path)
        assert block.locator(".sm-line.sm-on").count() >= 2, path  # the hovered line and what it produced
        page.close()
    context.close()


def test_a_title_that_fills_its_last_line_leaves_no_empty_line_for_its_permalink(served_site, context):
    """The ¶ after a heading is hidden until pointed at, but it took width: a title that filled
    its last line pushed it onto a line of its own, an empty gap under the title (recipes whose
    titles wrap)."""
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(served_site + "recipes/boolean-mask-size/", wait_until="load")
    title = page.locator("article h1")
    heights = title.evaluate("""h => {
        const text = document.createRange();
        text.setStartBefore(h.firstChild);
        text.setEndBefore(h.querySelector('.headerlink'));
        return [h.getBoundingClientRect().height, text.getBoundingClientRect().height];
    }""")
    assert heights[1] > 60, "the title wraps at this width, as the check needs"  # two lines or more
    assert abs(heights[0] - heights[1]) < 8, heights
    title.hover()
    link = title.locator(".headerlink")
    # still shown when pointed at (Material fades it in: wait out the transition)...
    page.wait_for_function("e => getComputedStyle(e).opacity === '1'", arg=link.element_handle(), timeout=5000)
    box, last = link.bounding_box(), title.evaluate("""h => {
        const r = document.createRange(); r.setStartBefore(h.firstChild); r.setEndBefore(h.querySelector('.headerlink'));
        const rects = r.getClientRects(); return rects[rects.length - 1].right; }""")
    assert last <= box["x"] + 0.5 * 16, (box, last)  # ...after the title, not over its last word
    page.close()
