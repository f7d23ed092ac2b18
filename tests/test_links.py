"""Every internal link, anchor and asset reference of the built site resolves.

MkDocs' own validation (anchors at `warn`, with `strict: true`) already fails the
build on a broken Markdown link; this reads the HTML that readers get, theme and
all: each `href` and `src` that stays on the site must name a file that exists, and
each `#fragment` an id on the target page. External links are not followed (the
tests run without a network); they are plain links a reader clicks.

(LinkChecker from PyPI was tried first: with its anchor check it needs minutes for
this site, because every line of every code block carries an anchor link.)
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitebuild import published_path


class Page(HTMLParser):
    """The ids a page defines and the (attribute, url) references it makes."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.references: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            if value and ((name == "href" and tag in ("a", "link")) or (name == "src" and tag in ("script", "img"))):
                self.references.append(value)


def read_site(site: Path) -> dict[str, Page]:
    pages = {}
    for path in sorted(site.rglob("*.html")):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.relative_to(site).as_posix()] = page
    return pages


def target(site: Path, page: str, url: str) -> tuple[str, str] | None:
    """(file relative to the site, fragment) for a reference that stays on the site, else None."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("mailto:", "data:", "javascript:")):
        return None
    path = unquote(parts.path)
    if path.startswith("/"):  # absolute: only the 404 page uses these, under the published path
        prefix = published_path()
        if not path.startswith(prefix):
            return ("<outside the site>" + path, parts.fragment)
        resolved = path[len(prefix):]
    else:
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
    if resolved in ("", "."):
        resolved = "index.html"
    elif (site / resolved).is_dir() or path.endswith("/"):
        resolved = posixpath.join(resolved, "index.html")
    return resolved, parts.fragment


def broken_links(site: Path) -> tuple[int, dict[str, list[str]]]:
    """How many on-site references there are, and the broken ones by page."""
    pages = read_site(site)
    broken: dict[str, set[str]] = defaultdict(set)
    checked = 0
    for name, page in pages.items():
        for url in page.references:
            found = target(site, name, url)
            if found is None:
                continue
            checked += 1
            file, fragment = found
            if not (site / file).is_file():
                broken[name].add(f"{url}: no file {file}")
            elif fragment and file in pages and fragment not in pages[file].ids:
                broken[name].add(f"{url}: no id {fragment!r} in {file}")
    return checked, {page: sorted(problems) for page, problems in broken.items()}


def test_every_internal_link_anchor_and_asset_resolves(clean_site):
    checked, broken = broken_links(clean_site)
    assert checked > 1000  # the check looked at the site, not at an empty folder
    assert broken == {}


def test_the_checker_sees_a_missing_page_a_missing_anchor_and_a_missing_asset(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="a/">ok</a><a href="b/">missing</a><a href="a/#nope">anchor</a><a href="#top">top</a>'
        '<script src="assets/x.js"></script><a href="https://example.org/">external</a>')
    (tmp_path / "a" / "index.html").write_text('<h1 id="yes">A</h1><a href="../#top">up</a><a href="#yes">self</a>')
    checked, broken = broken_links(tmp_path)
    assert checked == 7
    assert broken == {
        "index.html": sorted(["a/#nope: no id 'nope' in a/index.html", "assets/x.js: no file assets/x.js",
                              "b/: no file b/index.html", "#top: no id 'top' in index.html"]),
        "a/index.html": ["../#top: no id 'top' in index.html"],
    }
