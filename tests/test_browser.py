"""The built site in a real browser: Debian's Chromium, driven by Playwright, on localhost.

Browsers cannot be downloaded here, so Playwright drives the system's Chromium
(`.ci/run` installs it; the `browser` and `context` fixtures are in conftest.py). Every
page must load without a console error and without a request leaving localhost; search,
copy buttons and content tabs must work; the home page must render something a reader can see.
"""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from PIL import Image

from browsing import index_built_once
from test_site import live_outputs


def test_every_page_loads_without_console_errors_or_requests_leaving_localhost(site_visits):
    """Light and dark, each page as the shared visit saw it (tests/browsing.py): loaded, and
    waited for until its network was idle."""
    assert len({page for page, _ in site_visits}) > 5
    problems = [f"{visit.where}: {problem}" for visit in site_visits.values() for problem in visit.problems]
    assert problems == []


class TextOutsideOutputs(HTMLParser):
    """The words of a page that are not inside a live output: prose, headings and shown sources."""

    def __init__(self):
        super().__init__()
        self.words: set[str] = set()
        self._depth = 0  # >0 while inside a live-output div

    def handle_starttag(self, tag, attrs):
        if tag == "div" and (self._depth or "live-output" in (dict(attrs).get("class") or "")):
            self._depth += 1

    def handle_endtag(self, tag):
        if tag == "div" and self._depth:
            self._depth -= 1

    def handle_data(self, data):
        if not self._depth:
            self.words |= search_words(data)


def search_words(text: str) -> set[str]:
    """Words as Material's search sees them: split on its separator, trimmed, long, not stop words."""
    tokens = (re.sub(r"^\W+|\W+$", "", token) for token in SEPARATOR.split(text.lower()))
    return {token for token in tokens if WORD.fullmatch(token) and token not in STOP_WORDS}


SEPARATOR = re.compile(r"[\s\-]+")  # mkdocs' default `search.separator`
WORD = re.compile(r"[a-z][a-z0-9_]{5,}")
STOP_WORDS = {"across", "almost", "because", "cannot", "either", "however", "likely", "neither", "rather",
              "should"}  # lunr's English stop words of six letters or more


def word_only_in_outputs(site: Path) -> tuple[str, str]:
    """A word that the site shows only inside live outputs, and a page where it appears."""
    outside = set()
    for path in site.rglob("*.html"):
        parser = TextOutsideOutputs()
        parser.feed(path.read_text(encoding="utf-8"))
        outside |= parser.words
    for page, _, text in sorted(live_outputs(site)):
        for word in sorted(search_words(text) - outside):
            return word, page
    raise AssertionError("every word of every live output also appears elsewhere on the site")


def test_search_finds_a_word_that_appears_only_inside_a_live_output(clean_site, served_site, context):
    word, page_path = word_only_in_outputs(clean_site)
    page = context.new_page()
    page.goto(served_site, wait_until="networkidle")
    page.keyboard.press("/")  # Material's shortcut to focus the search box
    page.keyboard.type(word, delay=20)  # key by key, as a reader types: Material searches on key events
    results = page.locator("li.md-search-result__item")
    results.first.wait_for(timeout=15_000)
    links = [a.get_attribute("href") for a in page.locator("li.md-search-result__item a").all()]
    expected = page_path.removesuffix("index.html")
    assert any(expected in (link or "") for link in links), (word, page_path, links)


def test_the_visits_give_the_search_worker_the_real_index_once_and_answer_no_other_path(clean_site, served_site, context):
    """browsing.index_built_once, which spares the visits of every page the same index build: the
    first request for the index gets the site's file, a later one its config with no documents,
    and a request for the index at a wrong path is left to the server, which has none there."""
    index_built_once(context, clean_site, served_site)
    bodies: list[bytes] = []
    context.on("requestfinished", lambda request: request.url.endswith("/search/search_index.json")
               and bodies.append(request.response().body()))
    page = context.new_page()
    page.goto(served_site, wait_until="networkidle")  # Material asks for the index as the page loads
    later = page.evaluate("async () => (await fetch('search/search_index.json')).json()")
    wrong = page.evaluate("async () => (await fetch('assets/search/search_index.json')).status")
    real = json.loads((clean_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert bodies and json.loads(bodies[0]) == real
    assert later == {"config": real["config"], "docs": []} and wrong == 404


def test_the_copy_button_of_a_live_output_copies_its_text(served_site, context):
    page = context.new_page()
    page.goto(served_site, wait_until="networkidle")
    block = page.locator(".live-output").first
    shown = block.locator("code").inner_text()
    block.hover()
    block.locator("button[data-md-type=copy]").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.strip() == shown.strip() and len(copied.strip()) > 20


def first_page_holding(site: Path, html: str, feature: str) -> str:
    """The site-relative path of the first page whose HTML holds `html`; fails if none does."""
    pages = [p for p in sorted(site.rglob("*.html")) if html in p.read_text(encoding="utf-8")]
    assert pages, f"no page uses {feature}"
    return pages[0].relative_to(site).as_posix()


def test_content_tabs_switch(clean_site, served_site, context):
    page = context.new_page()
    page.goto(served_site + first_page_holding(clean_site, 'class="tabbed-set', "content tabs"),
              wait_until="networkidle")
    tabs = page.locator(".tabbed-set").first
    blocks = tabs.locator(".tabbed-content > .tabbed-block")
    assert blocks.nth(0).is_visible() and not blocks.nth(1).is_visible()
    tabs.locator(".tabbed-labels > label").nth(1).click()
    assert blocks.nth(1).is_visible() and not blocks.nth(0).is_visible()


def test_the_home_page_renders_visible_content(served_site, context):
    page = context.new_page()
    page.goto(served_site, wait_until="networkidle")
    image = Image.open(io.BytesIO(page.screenshot(full_page=False))).convert("RGB")
    assert image.size == (1280, 900)
    colours = image.getcolors(maxcolors=1 << 20)
    background = max(colours)[1]
    painted = sum(count for count, colour in colours if colour != background)
    assert len(colours) > 100  # text, code highlighting, the header: not a blank or one-colour page
    assert painted > 0.05 * image.size[0] * image.size[1]
    assert page.locator("h1").first.inner_text().strip() != ""


def test_code_annotations_open_on_click(clean_site, served_site, context):
    page = context.new_page()
    page.goto(served_site + first_page_holding(clean_site, '<span class="c1"># (1)!</span>', "code annotations"),
              wait_until="networkidle")
    marker = page.locator(".md-annotation").first
    marker.click()  # Material moves the note into a tooltip inside the marker when it opens
    assert marker.locator(".md-tooltip__inner").inner_text().strip() != ""


def test_a_long_output_shows_its_head_and_show_all_opens_the_rest(clean_site, served_site, context):
    page = context.new_page()
    page.goto(served_site + first_page_holding(clean_site, 'class="live-output long"', "a long output"),
              wait_until="networkidle")
    block = page.locator(".live-output.long").first
    block.scroll_into_view_if_needed()
    code = block.locator("pre > code")
    hidden = code.evaluate("c => [c.clientHeight, c.scrollHeight]")
    assert hidden[0] < hidden[1]  # the tail is cut off
    block.locator("details.show-all > summary").click()
    shown = code.evaluate("c => [c.clientHeight, c.scrollHeight]")
    assert shown[0] == shown[1] > hidden[0]


def test_pointing_at_a_name_marks_it_everywhere_in_its_listing_and_opcodes_link_the_reference(
        clean_site, served_site, context):
    page = context.new_page()
    page.goto(served_site + "optimizations/", wait_until="networkidle")
    listing = page.locator(".language-hlo code").first
    name = listing.locator(".nv").nth(1)  # a name used after its definition
    name.scroll_into_view_if_needed()
    text = name.inner_text().lstrip("%")
    name.hover()
    marked = listing.locator(".nv.ir-same")
    assert marked.count() >= 2 and {m.lstrip("%") for m in marked.all_inner_texts()} == {text}
    assert listing.locator(".nv.ir-def").count() == 1
    page.mouse.move(0, 0)
    assert listing.locator(".nv.ir-same").count() == 0  # moving away releases it
    opcode = listing.locator("a.ir-ref").first
    assert opcode.get_attribute("title")  # the meaning, as a tooltip
    opcode.click()
    page.wait_for_load_state("networkidle")
    anchor = page.url.rsplit("#", 1)[1]
    assert page.url.split("#")[0].endswith("/hlo-opcodes/") and page.locator(f"tr#{anchor}").count() == 1
