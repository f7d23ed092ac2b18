"""The first `mkdocs serve` of a fresh clone serves at once, from the committed records.

A real `mkdocs serve` of a tiny site with an empty cache: its pages are served before
their snippets ran (the slow one sleeps longer than the server takes to serve), each
output shown from its record and marked "not yet run on this machine", or, with no
record, marked as running. The snippets run behind the pages; as their outputs come in,
the server rebuilds (hooks/serve_mode/first_serve.py's watched file) and the page shows this
machine's output, without the mark. An output that differs from its record shows the
unified diff against it, a failing snippet the failure box `mkdocs serve` always showed,
each naming its chapter's line. `mkdocs build` of the same site runs every snippet first.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

from serving import Served
from tinysite import ROOT, make_site, mkdocs_build

SLEEP = 6  # seconds slow.py sleeps before it leaves its mark (a file outside the site) and prints
CONFIG = f"""\
site_name: tiny
theme:
  name: material
  font: false
  palette:  # both schemes, as the real site: the marks must read in each
    - media: "(prefers-color-scheme: light)"
      scheme: default
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
plugins: [search]
hooks: [{ROOT}/hooks/live.py, {ROOT}/hooks/warm_caches.py]
markdown_extensions: [md_in_html, pymdownx.superfences, pymdownx.highlight]
extra_css: [assets/live.css, assets/contrast.css]
nav: [index.md, slow.md, differs.md, varies.md, fails.md]
watch: [snippets]
"""
PAGES = {
    "index.md": "# Home\n\nFour pages, each with a snippet.\n",
    "slow.md": "# Slow\n\n<!-- live: slow.py -->\n",
    "differs.md": "# Differs\n\nIts record is older than the snippet.\n\n<!-- live: differs.py -->\n",
    "varies.md": "# Varies\n\n<!-- live: varies.py -->\n",
    "fails.md": "# Fails\n\n<!-- live: fails.py -->\n",
}
SNIPPETS = {
    "differs.py": "print('the new line')\n",
    "varies.py": "print('varies', 42)\n",
    "fails.py": "import time\ntime.sleep(1)\nraise ValueError('no luck')\n",
}
# slow.py: a file outside the site, written once it has run, tells when it did.
SLOW = "import pathlib\nimport time\n\ntime.sleep({sleep})\npathlib.Path({mark!r}).write_text('ran')\nprint('slow says hi')\n"
RECORDS = {"slow.py.txt": "slow says hi\n", "differs.py.txt": "the old line\n", "fails.py.txt": "fine\n"}
TOOL_LIVE = 'records_dir = "records"\n[tool.live.unrecorded]\n"varies.py" = "prints what this machine says"\n'
NOT_YET = "Not yet run on this machine."
RUNNING = "Running on this machine."
DIFFERS = "Differs from its record."
# What serve puts before </body> of every page it serves (mkdocs.livereload).
LIVERELOAD = re.compile(r"<script>\s*var livereload = function\(epoch, requestId\).*?</script>(?=</body>)", re.S)


def text_of(page: str) -> str:
    """The page's text without tags, entities decoded enough for these checks."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&#39;", "'").replace("&quot;", '"')


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("first-serve")
    slow = SLOW.format(sleep=SLEEP, mark=str(folder / "slow-ran"))
    make_site(folder, PAGES, SNIPPETS | {"slow.py": slow}, TOOL_LIVE)
    (folder / "mkdocs.yml").write_text(CONFIG)
    for name, text in RECORDS.items():
        (folder / "records" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "records" / name).write_text(text)
    (folder / "docs" / "assets").mkdir()
    for css in ("live.css", "contrast.css"):
        shutil.copy(ROOT / "docs" / "assets" / css, folder / "docs" / "assets" / css)
    return folder


@pytest.fixture(scope="module")
def served(site):
    """The first serve, with an empty cache, and every page as it was served at once."""
    assert not (site / ".cache").exists()
    with Served(site, first_page_timeout=120) as served:
        first = {path: served.get(path) for path in ("slow/", "differs/", "varies/", "fails/")}
        served.first_pages, served.slow_had_run = first, (site / "slow-ran").exists()
        yield served


def test_the_first_page_is_served_before_its_snippet_has_run_shown_from_its_record(served):
    assert not served.slow_had_run, served.logged()
    page = served.first_pages["slow/"]
    assert NOT_YET in text_of(page)
    assert "records/slow.py.txt" in page and "slow says hi" in page  # the record, in the output's box
    assert re.search(r'class="live-output"[^>]*data-snippet="slow.py".*?live-pending.*?slow says hi', page, re.S)
    assert "live: 4 snippets: 0 ran, 0 from the cache, 4 running behind the served pages" in served.logged()


def test_a_snippet_with_no_record_shows_that_it_is_running(served):
    text = text_of(served.first_pages["varies/"])
    assert RUNNING in text and "prints what this machine says" in text
    assert "varies 42" not in text


def test_the_page_reloads_with_this_machine_s_output_without_the_mark(served):
    page = served.wait_for("slow/", lambda page: NOT_YET not in page, 180)
    assert (served.folder / "slow-ran").exists()
    assert "slow says hi" in page and "live-pending" not in page and DIFFERS not in text_of(page)
    page = served.wait_for("varies/", lambda page: RUNNING not in text_of(page), 60)
    assert "varies 42" in text_of(page)


def test_an_output_that_differs_from_its_record_shows_the_diff(served):
    page = served.wait_for("differs/", lambda page: NOT_YET not in text_of(page), 180)
    text = text_of(page)
    assert DIFFERS in text and "the new line" in text
    diff = page[page.index('class="live-record-diff"'):]
    assert re.search(r"-the old line", text_of(diff)) and re.search(r"\+the new line", text_of(diff))
    assert "docs/differs.md:5" in text and "uv run pytest docs/differs.md --accept-outputs" in text
    deadline = time.monotonic() + 60
    while "behind the served pages, all" not in served.logged() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "differ from their records: snippets/differs.py" in served.logged()


def test_a_failed_run_shows_as_serve_shows_failures_naming_the_lines(served):
    page = served.wait_for("fails/", lambda page: "live-failure" in page, 180)
    text = text_of(page)
    assert "docs/fails.md:3: snippets/fails.py:3: ValueError: no luck" in text
    assert "live-pending" not in page


def test_mkdocs_build_of_the_same_site_runs_every_snippet_before_it_writes_a_page(site, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns(".cache", "site", "slow-ran"))
    (copy / "docs" / "fails.md").write_text("# Fails\n\nNothing fails here.\n")  # a build stops on a failure
    (site / "slow-ran").unlink(missing_ok=True)  # slow.py (the copy's too) writes it when it has run
    started = time.monotonic()
    result = mkdocs_build(copy)
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started >= SLEEP and (site / "slow-ran").exists()  # it waited for slow.py
    assert "live: 3 snippets: 3 ran, 0 from the cache" in result.stderr
    assert "running behind" not in result.stderr
    for page in ("slow", "differs", "varies"):
        html = (copy / "site" / page / "index.html").read_text()
        assert "live-pending" not in html and "live-record-diff" not in html
    assert "slow says hi" in (copy / "site" / "slow" / "index.html").read_text()


# axe-core's colour rules, as tests/test_accessibility.py runs them on every page of the real site.
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
COLOURS = """() => axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']}})
    .then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .flatMap(v => v.nodes.map(n => v.id + ': ' + n.target.join(' '))))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_marks_and_the_diff_read_in_both_palettes(served, browser, scheme):  # browser: conftest.py
    served.wait_for("differs/", lambda page: DIFFERS in text_of(page), 180)
    context = browser.new_context(viewport={"width": 1000, "height": 800}, color_scheme=scheme)
    try:
        tab = context.new_page()
        for path in ("slow/", "varies/", "differs/"):
            tab.goto(served.url(path), wait_until="load")
            if path != "differs/":  # the page as first served, its reload script taken out
                tab.set_content(LIVERELOAD.sub("", served.first_pages[path]), wait_until="load")
                assert tab.locator(".live-pending").count() == 1
            else:
                assert tab.locator(".live-record-diff").count() == 1
            tab.add_script_tag(path=str(AXE))
            assert tab.evaluate(COLOURS) == [], f"{scheme}: {path}"
    finally:
        context.close()
