"""Old links to sections that moved to another page keep working (docs/assets/moved-anchors.js).

The script holds a map, page -> old anchor -> new page#anchor, as strict JSON. The fast tests
read it from the script: every target is a heading of an existing page (ids as Python-Markdown's
toc gives them, via tests/reference.py), no old anchor is still on its page (the script would
never fire), and no page of docs/ still links to an old anchor. The browser tests run the
script in Chromium: on a small made-up site, served and from file:// (the offline build's
NAME.html), without a build; and on the built site, every entry of the map.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import reference as ref
from browsing import index_built_once

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SCRIPT = DOCS / "assets" / "moved-anchors.js"
MAP = re.compile(r"const MOVED = (\{.*?\n  \});", re.S)
LINK = re.compile(r"\]\((?P<target>[\w./-]+\.md)#(?P<anchor>[\w-]+)\)")


def moved() -> dict[str, dict[str, str]]:
    match = MAP.search(SCRIPT.read_text(encoding="utf-8"))
    assert match, f"{SCRIPT.relative_to(ROOT)}: no `const MOVED = {{...}};` block"
    return json.loads(match[1])


@functools.cache
def heading_ids(page: str) -> set[str]:
    return {heading.id for heading in ref.headings((DOCS / page).read_text(encoding="utf-8"))}


def test_every_entry_leads_from_a_missing_anchor_to_a_heading():
    table = moved()
    assert sum(len(anchors) for anchors in table.values()) >= 12  # basics.md's sections in basics-more.md
    problems = []
    for page, anchors in table.items():
        if not (DOCS / page).is_file():
            problems.append(f"{page}: no such page in docs/")
            continue
        for anchor, target in anchors.items():
            where = f"{page}#{anchor} -> {target}"
            if anchor in heading_ids(page):
                problems.append(f"{where}: {page} still has a heading with id '{anchor}', so the script never fires")
            new_page, _, new_anchor = target.partition("#")
            if not (DOCS / new_page).is_file():
                problems.append(f"{where}: no page docs/{new_page}")
            elif new_anchor not in heading_ids(new_page):
                problems.append(f"{where}: {new_page} has no heading with id '{new_anchor}'")
    assert problems == [], "\n".join(problems)


def test_no_page_links_to_an_anchor_that_moved():
    table = moved()
    problems = []
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in LINK.finditer(text):
            target = (path.parent / match["target"]).resolve()
            if not target.is_relative_to(DOCS):
                continue
            page = target.relative_to(DOCS).as_posix()
            new = table.get(page, {}).get(match["anchor"])
            if new:
                line = text.count("\n", 0, match.start()) + 1
                problems.append(f"{path.relative_to(ROOT)}:{line}: links {page}#{match['anchor']}, "
                                f"which moved to {new}")
    assert problems == [], "\n".join(problems)


# A made-up site, as MkDocs lays it out with directory URLs (served) and without (offline).
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title></head>
<body><h1 id="{title}">{title}</h1><h2 id="kept">kept</h2>
<script src="{assets}assets/moved-anchors.js"></script></body></html>"""


def made_up_site(folder: Path, flat: bool) -> Path:
    """Every page the map names, with its h1 and a 'kept' section, plus each target heading."""
    targets: dict[str, set[str]] = {}
    for page, anchors in moved().items():
        targets.setdefault(page, set())
        for target in anchors.values():
            new_page, _, new_anchor = target.partition("#")
            targets.setdefault(new_page, set()).add(new_anchor)
    for page, ids in targets.items():
        stem = page.removesuffix(".md")
        path = folder / (f"{stem}.html" if flat else f"{stem}/index.html")
        depth = len(path.relative_to(folder).parts) - 1
        html = PAGE.format(title=stem, assets="../" * depth)
        html = html.replace("</body>", "".join(f'<h2 id="{i}">{i}</h2>' for i in sorted(ids)) + "</body>")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    (folder / "assets").mkdir()
    (folder / "assets" / "moved-anchors.js").write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def made_up_served(tmp_path_factory):
    site = made_up_site(tmp_path_factory.mktemp("made-up-served"), flat=False)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def url_of(base: str, target: str, flat: bool) -> str:
    page, _, anchor = target.partition("#")
    stem = page.removesuffix(".md")
    return f"{base}{stem}.html#{anchor}" if flat else f"{base}{stem}/#{anchor}"


def landing(page, url: str) -> str:
    """Where `url` ends up when opened afresh, as from another site's link: a full load (by way of a
    blank page when the tab shows `url`'s page already, where only the fragment would change), then
    the load the script may cause."""
    if page.url.partition("#")[0] == url.partition("#")[0]:
        page.goto("about:blank")
    page.goto(url, wait_until="load")
    page.wait_for_load_state("load")  # after location.replace, the new page's load
    return page.url


@pytest.mark.usefixtures("clean_build_meanwhile")  # needs no build; its waits are a page's load, not a timer
@pytest.mark.parametrize("flat", [False, True], ids=["served", "file"])
def test_the_script_follows_each_entry_on_a_made_up_site(browser, made_up_served, tmp_path, flat):
    base = made_up_site(tmp_path, flat=True).as_uri() + "/" if flat else made_up_served
    problems = []
    tab = browser.new_page()
    try:
        for page, anchors in moved().items():
            for anchor, target in anchors.items():
                old, new = url_of(base, f"{page}#{anchor}", flat), url_of(base, target, flat)
                if (reached := landing(tab, old)) != new:
                    problems.append(f"{old} -> {reached}, expected {new}")
            for anchor in ("kept", "no-such-anchor-anywhere"):  # present, or in no map: stay
                url = url_of(base, f"{page}#{anchor}", flat)
                if (reached := landing(tab, url)) != url:
                    problems.append(f"{url} -> {reached}, expected to stay")
    finally:
        tab.close()
    assert problems == [], "\n".join(problems)


ENOUGH = 10  # problems before the walk stops: each costs up to 5 s, so a broken script would take minutes


def test_each_old_link_lands_on_its_section_in_the_built_site(clean_site, served_site, browser):
    """Every entry of the map, on the built pages. Each old page is opened once, with its first moved
    anchor, as a reader's old link opens it. Every navigation away from it is noted and answered with
    204 No Content, which leaves the old page in place: the script must have sent the browser to the
    first anchor's new page, and then to each other moved anchor's, set as the fragment as an in-page
    link would set it. Last, each new page must hold every id the map sends readers to, read from the
    built HTML. (The made-up site's tests above follow every entry afresh to where it lands.)"""
    problems, targets = [], {}
    context = browser.new_context()
    index_built_once(context, clean_site, served_site)  # the search index is not what this test is about
    tab = context.new_page()
    followed: list[str] = []

    def hold(route):  # a navigation away from the old page: note where it went, stay where we are
        if route.request.is_navigation_request() and route.request.url.split("#")[0] != old_url:
            followed.append(route.request.url)
            route.fulfill(status=204)
        else:
            route.fallback()

    def sent_to(anchor: str, target: str) -> None:
        """Wait for the script's answer to `anchor` and compare it with `target`'s URL."""
        new_url = url_of(served_site, target, flat=False)
        if new_url.split("#")[0] == old_url:  # renamed on its own page: only the fragment changes
            try:
                tab.wait_for_url(new_url, wait_until="commit", timeout=10_000)
            except PlaywrightTimeout:
                problems.append(f"{old_page}#{anchor}: stayed at {tab.url}, expected {target}")
            return
        for _ in range(250):  # the route handler runs as Playwright's events arrive
            if followed:
                break
            tab.wait_for_timeout(20)
        if followed != [new_url.split("#")[0]]:
            problems.append(f"{old_page}#{anchor}: went to {followed}, expected {target}")
        if tab.url != f"{old_url}#{anchor}":
            problems.append(f"{old_page}#{anchor}: the old page did not stay for the next anchor: {tab.url}")

    tab.route("**/*", hold)
    try:
        for old_page, anchors in moved().items():
            for anchor, target in anchors.items():
                targets.setdefault(target.partition("#")[0], set()).add(target.partition("#")[2])
            old_url = url_of(served_site, f"{old_page}#", flat=False).removesuffix("#")
            for number, (anchor, target) in enumerate(anchors.items()):
                if len(problems) >= ENOUGH:
                    break
                followed.clear()
                if number == 0:  # a fresh load, from the page before, with the anchor in the URL
                    # (Playwright's wait for the load event never ends once the navigation the script
                    # starts is answered with 204, so wait for the page to report it complete instead)
                    tab.goto(f"{old_url}#{anchor}", wait_until="commit")
                    tab.wait_for_function("() => document.readyState === 'complete'", timeout=30_000)
                else:
                    tab.evaluate("anchor => { location.hash = anchor; }", anchor)
                    tab.wait_for_function("() => true")  # a round trip: the hashchange has run
                sent_to(anchor, target)
    finally:
        context.close()
    if len(problems) >= ENOUGH:
        problems.append(f"(the walk stopped after {ENOUGH} problems)")
    for new_page, ids in sorted(targets.items()):
        html = (clean_site / new_page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
        for new_id in sorted(ids):
            if (count := html.count(f'id="{new_id}"')) != 1:
                problems.append(f"{new_page}: the map sends readers to #{new_id}, which the built page "
                                f"holds {count} times, not once")
    assert problems == [], "\n".join(problems)
