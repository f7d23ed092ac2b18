"""Edits under a real `mkdocs serve`: the page that uses what changed shows the change, and
the site is still what `mkdocs build` makes of the same sources.

Under serve, a rebuild plans only the chapters whose text, snippets or snippets' local
modules changed (hooks/serve_mode/unchanged_pages.py) and converts only the pages whose Markdown
changed (hooks/build_memos/render_memo.py, through hooks/warm_caches.py). These tests edit a snippet, a module it imports, and a
chapter's text and title, and a template of the theme's custom_dir, and after each edit
compare every served page (and the search index) with a clean `mkdocs build` of the
sources as they are then: kept pages must not be stale, and the navigation and search
index must know the new title. Pages whose inputs did not change are not rendered
through the templates again (hooks/build_memos/template_memo.py), and saves are looked for every
0.1 s (hooks/serve_mode/serve_polling.py).
"""

from __future__ import annotations

import re
import shutil

import pytest

from serving import Served, free_port
from tinysite import ROOT, make_site, mkdocs_build

PORT = free_port()
CONFIG = f"""\
site_name: tiny
site_url: http://127.0.0.1:{PORT}/
theme: {{name: material, font: false, custom_dir: overrides}}
plugins: [search]
hooks: [{ROOT}/hooks/live.py, {ROOT}/hooks/warm_caches.py]
markdown_extensions: [md_in_html, pymdownx.superfences, pymdownx.highlight]
nav: [index.md, first.md, second.md]
watch: [snippets]  # as the real site: serve rebuilds on snippet edits
"""
PAGES = {
    "index.md": "# Home\n\nRead [the first](first.md) and [the second](second.md).\n",
    "first.md": "# First\n\n<!-- live: one.py -->\n",
    "second.md": "# Second\n\nA paragraph.\n\n<!-- live: two.py -->\n",
}
SNIPPETS = {
    "one.py": "import helper\n\nprint('one says', helper.WORD)\n",
    "helper.py": "WORD = 'hello'\n",
    "two.py": "print('two says hi')\n",
}
OVERRIDES = {"partials/copyright.html": "<div class=\"md-copyright\">Tiny footer, first wording</div>\n"}
PATHS = ["", "first/", "second/", "search/search_index.json"]
# What serve puts before </body> of every page it serves (mkdocs.livereload): its epoch differs each time.
LIVERELOAD = re.compile(rb"<script>\s*var livereload = function\(epoch, requestId\).*?</script>(?=</body>)", re.S)


def served_pages(served: Served) -> dict[str, bytes]:
    """Every page as served, without the script serve adds to reload it."""
    return {path: LIVERELOAD.sub(b"", served.get(path).encode()) for path in PATHS}


def built_pages(folder, into) -> dict[str, bytes]:
    """The same pages from a clean `mkdocs build` of the sources as they are now, with a cache of its own."""
    copy = into / "copy"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns(".cache", "site"))
    result = mkdocs_build(copy)
    assert result.returncode == 0, result.stderr
    return {path: (copy / "site" / path / ("" if path.endswith(".json") else "index.html")).read_bytes()
            for path in PATHS}


def differing(served: dict[str, bytes], built: dict[str, bytes]) -> list[str]:
    return [path for path in PATHS if served[path] != built[path]]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = make_site(tmp_path_factory.mktemp("serve-edits"), PAGES, SNIPPETS)
    (folder / "mkdocs.yml").write_text(CONFIG)
    for name, text in OVERRIDES.items():
        (folder / "overrides" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "overrides" / name).write_text(text)
    with Served(folder, port=PORT) as served:  # where site_url says: serve and build then write the same links
        served.all_outputs_in()  # an empty cache: the first pages came from the records (test_first_serve.py)
        yield folder, served


def edit(folder, served, file: str, old: str, new: str, path: str, shown: str | None = None) -> str:
    """Replace `old` by `new` in `file`; once the page at `path` shows `shown` (default: `new`), the log."""
    target = folder / file
    served.saved_to_shown(target, target.read_text().replace(old, new), path, shown or new)
    return served.logged()


def test_a_snippet_edit_shows_on_its_page_and_only_its_chapter_is_planned_again(site, tmp_path):
    folder, served = site
    log = edit(folder, served, "snippets/two.py", "two says hi", "two says goodbye", "second/")
    assert "live: 1 snippets: 1 ran, 0 from the cache" in log
    assert "(2 unchanged chapters kept as they were)" in log
    assert differing(served_pages(served), built_pages(folder, tmp_path)) == []


def test_an_edit_to_a_module_a_snippet_imports_shows_on_the_page_of_that_snippet(site, tmp_path):
    folder, served = site
    edit(folder, served, "snippets/helper.py", "'hello'", "'bonjour'", "first/", shown="one says bonjour")
    assert differing(served_pages(served), built_pages(folder, tmp_path)) == []


def test_a_chapter_edit_shows_and_the_other_pages_nav_and_search_follow(site, tmp_path):
    folder, served = site
    before, logged = served_pages(served), len(served.log)
    edit(folder, served, "docs/second.md", "A paragraph.", "A paragraph, edited.", "second/")
    after = served_pages(served)
    assert after[""] == before[""] and after["first/"] == before["first/"]
    # The two other pages came from the template memo: only the edited one was rendered.
    assert "warm_caches: 2 pages rendered as at the last build" in "".join(served.log[logged:])
    assert b"A paragraph, edited." in after["search/search_index.json"]
    assert differing(after, built_pages(folder, tmp_path)) == []


def test_a_new_title_reaches_the_navigation_of_pages_that_were_not_converted_again(site, tmp_path):
    folder, served = site
    edit(folder, served, "docs/second.md", "# Second", "# Second, renamed", "second/", shown="Second, renamed")
    served.wait_for("first/", lambda page: "Second, renamed" in page, 30)
    assert "warm_caches: 2 pages unchanged, not converted again" in served.logged()
    assert differing(served_pages(served), built_pages(folder, tmp_path)) == []


def test_an_edit_to_a_theme_override_reaches_every_page_at_the_next_rebuild(site, tmp_path):
    """MkDocs does not watch the theme's custom_dir, so the edit shows at the next rebuild a save
    causes: the pages kept from the last rendering must not keep the old footer."""
    folder, served = site
    override = folder / "overrides" / "partials" / "copyright.html"
    override.write_text(override.read_text().replace("first wording", "second wording"))
    logged = len(served.log)
    # A new paragraph, not a title: the navigation stays as it was, so only the override can tell
    # the memo that the first two pages changed.
    edit(folder, served, "docs/second.md", "\n<!-- live: two.py -->", "\nAnother paragraph.\n\n<!-- live: two.py -->",
         "second/", shown="Another paragraph.")
    for path in ["", "first/", "second/"]:
        served.wait_for(path, lambda page: "Tiny footer, second wording" in page, 30)
    assert "pages rendered as at the last build" not in "".join(served.log[logged:])
    assert differing(served_pages(served), built_pages(folder, tmp_path)) == []


def test_serve_looks_for_saves_every_tenth_of_a_second():
    """hooks/serve_mode/serve_polling.py sets the interval on the watchdog observer MkDocs makes, on the
    folders watched before on_serve and on those watched after it."""
    from mkdocs.livereload import LiveReloadServer

    from serve_mode.serve_polling import POLL_SECONDS, poll_every

    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=free_port(), root=str(ROOT / "docs"))
    try:
        server.watch(str(ROOT / "docs"))
        server.watch(str(ROOT / "mkdocs.yml"))
        assert {emitter.timeout for emitter in server.observer.emitters} == {0.5}  # MkDocs' own interval
        assert poll_every(server) is True
        server.watch(str(ROOT / "snippets"))  # as the `watch:` list is, after on_serve
        assert {emitter.timeout for emitter in server.observer.emitters} == {POLL_SECONDS}
        assert len(server.observer.emitters) == 3
    finally:
        server.server_close()
