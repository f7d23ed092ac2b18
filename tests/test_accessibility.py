"""Readable by everyone: axe-core finds nothing serious the site can fix, on every page, light and dark.

axe-core is vendored under tests/vendor/axe-core (nothing is fetched). Findings that
belong to the theme or to nbconvert, which the site cannot change without forking
them, are listed in THEIRS with the reason they stay; any other serious or critical
finding fails, naming the scheme, the page, the rule and the element.

Every rule that can report a serious or critical finding runs on every page in the light
scheme (browsing.RULES_THAT_CAN_BE_SERIOUS: axe's minor and moderate rules are left out, and a
test below checks that what they find is never more). The dark page differs from the light
one only in colours (Material swaps CSS custom properties; the DOM is the same), so there
axe runs the rules that read colours (COLOUR_RULES), on every page. Axe runs during the
one visit of each page per scheme that the browser checks share (tests/browsing.py).

One narrowing: the color-contrast rule skips the contents of the code blocks (browsing.CODE),
whose token colours tests/test_lexers.py checks element by element in both schemes, to the
same ratio; the test below proves on a made-up page that the rule still sees the prose around
them, and that check sees what the rule no longer does.
"""

from __future__ import annotations

from pathlib import Path

from browsing import AXE, CODE, SCHEMES, SKIP_CODE_IN_CONTRAST, axe_options, pages

# (rule, a selector fragment of the element) -> why it stays
THEIRS = {
    ("aria-dialog-name", ".md-search"): "Material's search overlay: its dialog element has no accessible name",
}
# Not listed, because docs/assets/a11y.js fixes them: Material's code-annotation markers (links
# whose number is drawn by CSS: link-name) and nbconvert's scrolling cells on the notebook page
# (scrollable-region-focusable). Should either come back, this test names it.


def theirs_for(rule: str, target: str, element: str) -> list[tuple[str, str]]:
    return [key for key in THEIRS if key[0] == rule and (key[1] in target or key[1] in element)]


def test_no_page_has_a_serious_finding_the_site_can_fix(site_visits, clean_site):
    found, theirs_seen, checked = [], set(), 0
    for visit in site_visits.values():
        if visit.axe is None:
            found.append(f"{visit.where}: axe did not run: {visit.problems}")
            continue
        for rule, target, element in visit.axe:
            theirs = theirs_for(rule, target, element)
            theirs_seen.update(theirs)
            if not theirs:
                found.append(f"{visit.where}: {rule}: {target}: {element}")
        checked += 1
    assert found == [], "\n".join(found)
    assert checked == len(site_visits) == len(SCHEMES) * len(pages(clean_site)) > 2 * 5
    assert set(THEIRS) - theirs_seen == set(), "exclusions that no page needs any more: remove them"


# Made up: breaks rules whose findings are minor or moderate (text outside any landmark, no h1,
# a heading that skips levels, an empty one), one that is critical (an image without alt), and one
# that is critical but experimental, which axe does not run by default (a 3 by 3 table without headers).
LOW_AND_SERIOUS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>low</title></head><body>
<h2>Starts at two</h2><h5>then five</h5><h3></h3><p>Outside any landmark.</p><img src="data:,">
<table border="1"><tr><td>1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td><td>6</td></tr>
<tr><td>7</td><td>8</td><td>9</td></tr></table></body></html>"""


def test_the_light_scheme_leaves_out_only_rules_whose_findings_are_never_serious(browser):
    page = browser.new_page()
    try:
        page.set_content(LOW_AND_SERIOUS)
        page.add_script_tag(path=str(AXE))
        found = """async options => (await axe.run(document, options)).violations.map(v => [v.id, v.impact])"""
        every_rule = page.evaluate(found, {"resultTypes": ["violations"]})
        chosen = axe_options(page, "light")
        left_out = [(rule, impact) for rule, impact in every_rule if rule not in chosen["runOnly"]["values"]]
        assert {"region", "page-has-heading-one", "heading-order"} <= {rule for rule, _ in left_out}
        assert all(impact in ("minor", "moderate") for _, impact in left_out), left_out
        assert page.evaluate(found, chosen) == [[rule, impact] for rule, impact in every_rule
                                                if (rule, impact) not in left_out]
        assert ["image-alt", "critical"] in page.evaluate(found, chosen)
        # The table's finding is there (below), yet in neither run above: axe's default run leaves its
        # experimental rules out, and the light scheme's selection does too.
        assert ["td-has-header", "critical"] in page.evaluate(found, {"runOnly": {"type": "rule", "values": ["td-has-header"]}})
    finally:
        page.close()


# Made up: prose and a code block, each with a token too faint to read (#aaa on white, 2.3:1).
FAINT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>faint</title></head><body><main>
<h1>Faint</h1><p>Readable, and <span id="faint-prose" style="color: #aaa">this is not</span>.</p>
<div class="language-python highlight"><pre><code><span class="n">x</span> <span id="faint-token" class="c1"
 style="color: #aaa"># nor is this</span></code></pre></div></main></body></html>"""


def test_color_contrast_skips_the_code_blocks_and_still_reads_the_prose(browser):
    from browsing import CODE_COLOURS

    page = browser.new_page()
    try:
        page.set_content(FAINT)
        page.add_script_tag(path=str(AXE))
        run = """async () => (await axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast']}}))
            .violations.flatMap(v => v.nodes.map(n => n.target.join(' ')))"""
        assert sorted(page.evaluate(run)) == ["#faint-prose", "#faint-token"]  # both, as axe comes
        page.evaluate(SKIP_CODE_IN_CONTRAST, CODE)
        assert page.evaluate(run) == ["#faint-prose"]
        faint = [group for group in page.evaluate(CODE_COLOURS, CODE)["groups"] if group["colour"] == [170, 170, 170]]
        assert [(group["element"], group["background"]) for group in faint] == [("span.c1", [255, 255, 255])]
    finally:
        page.close()


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
