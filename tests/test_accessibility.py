"""Readable by everyone: axe-core finds nothing serious the site can fix, on every page, light and dark.

axe-core is vendored under tests/vendor/axe-core (nothing is fetched). Findings that
belong to the theme or to nbconvert, which the site cannot change without forking
them, are listed in THEIRS with the reason they stay; any other serious or critical
finding fails, naming the page, the rule and the element.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_browser import browser, page_urls  # noqa: F401  (fixture)

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"

# (rule, a selector fragment of the element) -> why it stays
THEIRS = {
    ("aria-dialog-name", ".md-search"): "Material's search overlay: its dialog element has no accessible name",
    ("link-name", "md-annotation__index"): "Material's code-annotation markers: the number is drawn by CSS, not text",
    ("scrollable-region-focusable", "highlight-ipynb"): "nbconvert's code cells on the notebook page: "
                                                        "scrollable, without tabindex",
}

RUN = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .flatMap(v => v.nodes.map(n => [v.id, n.target.join(' '), n.html.slice(0, 120)]))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_has_a_serious_finding_the_site_can_fix(clean_site, served_site, browser, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    axe = AXE.read_text(encoding="utf-8")
    found, theirs_seen = [], set()
    for url in page_urls(clean_site, served_site):
        page.goto(url, wait_until="networkidle")
        page.add_script_tag(content=axe)
        for rule, target, element in page.evaluate(RUN):
            theirs = [key for key in THEIRS if key[0] == rule and (key[1] in target or key[1] in element)]
            if theirs:
                theirs_seen.update(theirs)
            else:
                found.append(f"{url.removeprefix(served_site) or '/'}: {rule}: {target}: {element}")
    context.close()
    assert found == []
    assert theirs_seen <= set(THEIRS)
