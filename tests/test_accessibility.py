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
    ("link-name", "md-annotation__index"): "Material's code-annotation markers: the number is drawn by CSS, not text",
    ("scrollable-region-focusable", "highlight-ipynb"): "nbconvert's code cells on the notebook page: "
                                                        "scrollable, without tabindex",
}

# Material marks each code block that scrolls sideways focusable (tabindex) from a resize
# observer, some time after the load event; on a busy machine that can come after the
# network is idle. Wait for it, so axe sees the page a reader gets, not one mid-setup.
SETTLED = """() => [...document.querySelectorAll('pre > code')]
    .every(code => code.closest('.highlight-ipynb') || code.scrollWidth <= code.offsetWidth
                   || code.hasAttribute('tabindex'))"""  # nbconvert's cells: THEIRS
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
