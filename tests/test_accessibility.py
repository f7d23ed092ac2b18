"""Readable by everyone: axe-core finds nothing serious the site can fix, on every page, light and dark.

axe-core is vendored under tests/vendor/axe-core (nothing is fetched). Findings that
belong to the theme or to nbconvert, which the site cannot change without forking
them, are listed in THEIRS with the reason they stay; any other serious or critical
finding fails, naming the scheme, the page, the rule and the element.

Every rule runs on every page in the light scheme. The dark page differs from the light
one only in colours (Material swaps CSS custom properties; the DOM is the same), so there
axe runs the rules that read colours (COLOUR_RULES), on every page. The two schemes load
in two tabs, the second loading while axe runs in the first. (Measured on an idle
two-core machine, the tabs save little: 230 s against 234 s one after the other.)
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from test_browser import browser, page_urls  # noqa: F401  (fixture)

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
SCHEMES = ("light", "dark")

# (rule, a selector fragment of the element) -> why it stays
THEIRS = {
    ("aria-dialog-name", ".md-search"): "Material's search overlay: its dialog element has no accessible name",
}
# Not listed, because docs/assets/a11y.js fixes them: Material's code-annotation markers (links
# whose number is drawn by CSS: link-name) and nbconvert's scrolling cells on the notebook page
# (scrollable-region-focusable). Should either come back, this test names it.

# Material marks each code block that scrolls sideways focusable (tabindex) from a resize
# observer, some time after the load event; on a busy machine that can come after the
# network is idle. docs/assets/a11y.js does the same for the notebook's cells, and names
# the code-annotation markers Material adds. Wait for both, so axe sees the page a reader
# gets, not one mid-setup.
SETTLED = """() => {
  const scrolls = el => { const s = getComputedStyle(el);
    return (/auto|scroll/.test(s.overflowX) && el.scrollWidth > el.clientWidth)
        || (/auto|scroll/.test(s.overflowY) && el.scrollHeight > el.clientHeight); };
  return [...document.querySelectorAll('pre > code')].every(code => code.closest('.jupyter-wrapper')
           || code.scrollWidth <= code.offsetWidth || code.hasAttribute('tabindex'))
    && [...document.querySelectorAll('.jupyter-wrapper :is(div, pre, code)')]
         .every(el => el.hasAttribute('tabindex') || !scrolls(el))
    && [...document.querySelectorAll('a.md-annotation__index')].every(link => link.hasAttribute('aria-label'));
}"""
SETTLE_MS = 30_000  # then axe runs anyway, and reports what is still missing

# axe-core's rules tagged cat.color that run by default (color-contrast-enhanced, AAA, is off); the rest
# read the DOM, ARIA and layout, which the colour scheme does not change.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
ALL_RULES = {"resultTypes": ["violations"]}
ONLY_COLOUR = {"resultTypes": ["violations"], "runOnly": {"type": "rule", "values": COLOUR_RULES}}

# Started without waiting, so the other tab can load meanwhile; collected by COLLECT.
START = """options => { window.__axeFindings = axe.run(document, options).then(r => r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .flatMap(v => v.nodes.map(n => [v.id, n.target.join(' '), n.html.slice(0, 120)]))); }"""
COLLECT = "() => window.__axeFindings"


def theirs_for(rule: str, target: str, element: str) -> list[tuple[str, str]]:
    return [key for key in THEIRS if key[0] == rule and (key[1] in target or key[1] in element)]


def test_no_page_has_a_serious_finding_the_site_can_fix(clean_site, served_site, browser):
    axe = AXE.read_text(encoding="utf-8")
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
                for scheme in SCHEMES]
    tabs = [context.new_page() for context in contexts]
    urls = page_urls(clean_site, served_site)
    found, theirs_seen, checked = [], set(), 0
    try:
        for url in urls:
            for tab in tabs:
                tab.goto(url, wait_until="networkidle")
                try:
                    tab.wait_for_function(SETTLED, timeout=SETTLE_MS)
                except PlaywrightTimeout:
                    pass  # axe names each block still unmarked
                tab.add_script_tag(content=axe)
                tab.evaluate(START, ALL_RULES if tab is tabs[0] else ONLY_COLOUR)
            for scheme, tab in zip(SCHEMES, tabs):
                for rule, target, element in tab.evaluate(COLLECT):
                    theirs = theirs_for(rule, target, element)
                    theirs_seen.update(theirs)
                    if not theirs:
                        found.append(f"{scheme}: {url.removeprefix(served_site) or '/'}: {rule}: {target}: {element}")
                checked += 1
    finally:
        for context in contexts:
            context.close()
    assert found == [], "\n".join(found)
    assert checked == len(SCHEMES) * len(urls) > 2 * 5
    assert set(THEIRS) - theirs_seen == set(), "exclusions that no page needs any more: remove them"


# A page with what docs/assets/a11y.js fixes, made up, so that its effect is checked without a build:
# a code-annotation marker as Material adds it after the load, and notebook cells, one that scrolls.
MADE_UP = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>made up</title></head><body>
<div class="jupyter-wrapper">
  <div class="highlight-ipynb" id="wide" style="width: 100px; overflow: auto"><pre>{wide}</pre></div>
  <div class="highlight-ipynb" id="narrow" style="width: 100px; overflow: auto"><pre>x = 1</pre></div>
</div>
<pre><code id="listing">y = 2</code></pre>
</body></html>"""
ADD_MARKER = """() => { const aside = document.createElement('aside'); aside.className = 'md-annotation';
    aside.innerHTML = '<a href="#n" class="md-annotation__index" tabindex="-1"><span data-md-annotation-id="3"></span></a>';
    document.getElementById('listing').append(aside); }"""


def test_the_script_names_annotation_markers_and_makes_scrolling_cells_focusable(browser):
    page = browser.new_page()
    try:
        page.set_content(MADE_UP.format(wide="z" * 400))
        page.add_script_tag(path=str(Path(__file__).parent.parent / "docs" / "assets" / "a11y.js"))
        page.evaluate(ADD_MARKER)
        page.wait_for_function("() => document.querySelector('a.md-annotation__index').hasAttribute('aria-label')",
                               timeout=5_000)
        assert page.get_attribute("a.md-annotation__index", "aria-label") == "Annotation 3"
        assert page.get_attribute("#wide", "tabindex") == "0"
        assert page.get_attribute("#narrow", "tabindex") is None  # it does not scroll: no extra tab stop
        page.add_script_tag(path=str(AXE))
        findings = page.evaluate("""() => axe.run(document, {runOnly: {type: 'rule',
            values: ['link-name', 'scrollable-region-focusable']}}).then(r => r.violations.map(v => v.id))""")
        assert findings == []
    finally:
        page.close()
