"""tests/browsing.py's helpers: the visits' Chromium runs at the lowest priority (the suite does not), and the
visitors take the costliest pages first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import browsing
from browsing import autogroup, lowest_priority_below

# In a process of its own, so that only its own child is below it (this session's snippet workers
# are in sessions of their own too, and must keep their priority).
CHILD_IN_ITS_OWN_SESSION = """
import json, os, subprocess, sys
sys.path[:0] = sys.argv[1:]
from browsing import autogroup, lowest_priority_below
child = subprocess.Popen(["sleep", "30"], start_new_session=True)  # as Playwright starts Chromium
try:
    groups = lowest_priority_below(os.getpid())
    print(json.dumps([groups, autogroup(str(child.pid)), autogroup("self")]))
finally:
    child.kill()
"""


@pytest.mark.skipif(autogroup("self") is None,
                    reason="no autogroup scheduling here (no /proc/self/autogroup, or an empty one): nice values alone apply")
def test_a_child_in_a_session_of_its_own_gets_the_lowest_priority_and_ours_is_left_alone():
    ours = autogroup("self")
    here = Path(__file__).parent
    result = subprocess.run([sys.executable, "-c", CHILD_IN_ITS_OWN_SESSION, str(here), str(here.parent / "hooks")],
                            capture_output=True, text=True, timeout=60, check=True)
    groups, (child_group, child_nice), (own_group, own_nice) = json.loads(result.stdout)
    assert groups == [child_group] and child_nice == 19
    assert own_group != child_group and own_nice == ours.nice
    assert autogroup("self") == ours


@pytest.fixture
def own_autogroup_reads(tmp_path, monkeypatch):
    """A made-up /proc for browsing's reads, holding only self/autogroup; call it with the file's text."""
    real_path = browsing.Path
    monkeypatch.setattr(browsing, "Path", lambda path: real_path(str(path).replace("/proc", str(tmp_path), 1)))
    (tmp_path / "self").mkdir()
    return (tmp_path / "self" / "autogroup").write_text


@pytest.mark.parametrize("text", ["", "\n", "/autogroup-7 nice", "garbage", "/autogroup-7 nice x"])
def test_an_autogroup_file_that_says_nothing_usable_means_no_autogroups(text, own_autogroup_reads):
    """CI's sandbox has /proc/self/autogroup but reads it as empty; the visits must then leave
    priorities to the nice values instead of failing."""
    own_autogroup_reads(text)
    assert autogroup("self") is None
    assert lowest_priority_below(1) == []


def test_an_autogroup_file_is_read_as_its_name_and_nice_value(own_autogroup_reads):
    own_autogroup_reads("/autogroup-59660 nice -3\n")
    assert autogroup("self") == ("/autogroup-59660", -3)


def test_the_visits_start_with_the_costliest_jobs_a_light_visit_counting_more(tmp_path):
    for page, size in {"big/": 1000, "mid/": 600, "small/": 300}.items():
        (tmp_path / page).mkdir()
        (tmp_path / page / "index.html").write_text("x" * size)
    (tmp_path / "404.html").write_text("x" * 500)
    assert browsing.jobs_costliest_first(tmp_path) == [
        ("big/", "light"), ("mid/", "light"), ("404.html", "light"), ("big/", "dark"),
        ("small/", "light"), ("mid/", "dark"), ("404.html", "dark"), ("small/", "dark")]


def test_a_tab_that_crashes_is_replaced_and_the_visits_after_it_still_run(tmp_path, monkeypatch):
    """A CI run saw one dark tab crash and every dark visit after it fail in the same dead tab. Here
    the first visit of one page crashes its renderer (chrome://crash, as a renderer killed from
    outside); that page is visited again in a fresh tab, and so are the pages after it."""
    from playwright.sync_api import Error as PlaywrightError

    from sitebuild import serve

    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": {}, "docs": []}))
    page_html = "<!doctype html><html lang='en'><head><title>{0}</title></head><body><main><h1>{0}</h1></main></body></html>"
    for name in ("a", "b", "c"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.html").write_text(page_html.format(name))
    real_visit, crashes = browsing.visit_page, []

    def crash_once(tab, url, visit, axe):
        if visit.page == "b/" and not crashes:
            crashes.append(visit.where)
            try:
                tab.goto("chrome://crash")
            except PlaywrightError as error:
                visit.problems.append(f"the visit failed: {error}")
            return
        real_visit(tab, url, visit, axe)

    monkeypatch.setattr(browsing, "visit_page", crash_once)
    monkeypatch.setattr(browsing, "SCHEMES", ("dark",))
    with serve(tmp_path) as base:
        visits = browsing.visit_every_page(tmp_path, base, visitors=1)
    assert crashes == ["dark: b/"]
    assert {visit.where: visit.problems for visit in visits.values()} == {
        "dark: a/": [], "dark: b/": [], "dark: c/": []}
    assert all(visit.axe is not None for visit in visits.values())


def test_a_page_that_misses_its_load_time_is_visited_again(tmp_path, monkeypatch):
    """Another CI run, on a busier machine, saw pages miss the 30-second load; each gets another try."""
    from sitebuild import serve

    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": {}, "docs": []}))
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.html").write_text(
            f"<!doctype html><html lang='en'><head><title>{name}</title></head><body><main><h1>{name}</h1></main></body></html>")
    real_visit, slow = browsing.visit_page, []

    def slow_once(tab, url, visit, axe):
        if visit.page == "a/" and not slow:
            slow.append(visit.where)
            visit.problems.append('the visit failed: Page.goto: Timeout 30000ms exceeded.\nCall log:\n  - navigating to "x"')
            return
        real_visit(tab, url, visit, axe)

    monkeypatch.setattr(browsing, "visit_page", slow_once)
    monkeypatch.setattr(browsing, "SCHEMES", ("light",))
    with serve(tmp_path) as base:
        visits = browsing.visit_every_page(tmp_path, base, visitors=1)
    assert slow == ["light: a/"]
    assert {visit.where: visit.problems for visit in visits.values()} == {"light: a/": [], "light: b/": []}
