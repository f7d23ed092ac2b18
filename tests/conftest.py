from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading
from pathlib import Path

import pytest

import chromium
from browsing import InBackground
from live_engine.settings import load_settings
from live_engine.workers import WorkerPool

# Hermetic: nothing in the caller's shell steers the engine under test. LIVE_CACHE_DIR
# (which the README suggests for a cold build) would move every test project's cache
# out of sight; LIVE_FRESH_RESULTS would hand docs/ items another session's outputs;
# LIVE_PROGRESS_SECONDS would change what builds log. Tests that want one set it.
for _name in [name for name in os.environ if name.startswith("LIVE_")]:
    del os.environ[_name]
# ...but one pair of compile-target environments (libtpu; the CUDA plugin) serves every test: the
# checkout's own, where `mkdocs build` and `serve` keep them (.cache/live/target-*/env). Each test
# site would otherwise make its own, two minutes apiece, and every later session again. Sharing is
# safe: an environment is remade when the lock it was made from changes, under a lock file
# (versions.hold_env), and each test site keeps its results in its own cache.
os.environ["LIVE_TARGET_ENVIRONMENTS"] = str(load_settings(Path(__file__).resolve().parent.parent).cache_dir)


def pytest_addoption(parser):
    parser.addoption("--every-direct-run", action="store_true", dest="every_direct_run",
                     help="tests/test_site.py: run every snippet as `python snippets/X.py`, not a sample")
    parser.addoption("--require-browser", action="store_true", dest="require_browser",
                     help="fail, rather than skip, the browser tests when no Chromium is installed "
                          "(always so under CI=true)")


_FAILED_CALL = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if call.when == "call" and report.failed:
        item.stash[_FAILED_CALL] = True
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    """After a failed test, let go of what its failure kept and collect it, so that a file, pipe or
    process it left open is reported against that test, not against an innocent later one.

    pytest keeps a failure's traceback (sys.last_traceback, for post-mortem debugging) until the next
    test starts, and its frames sit in reference cycles, so only the cyclic garbage collector frees
    what they hold, whenever it next runs in full: most likely during a long, allocating test. An
    open pipe freed there warns (ResourceWarning), `filterwarnings = error` makes that an error, and
    pytest fails the test that happened to be running: test_reference's link check once failed in
    a full run that way, after the serve and signal tests had failed under nohup, and passed alone.
    This runs first in the failed test's teardown, so pytest's own check for such errors, last in the
    same teardown, names it ("error at teardown of ...")."""
    if item.stash.get(_FAILED_CALL, False):
        for name in ("last_type", "last_value", "last_traceback", "last_exc"):
            if hasattr(sys, name):
                delattr(sys, name)
        gc.collect()


def pytest_terminal_summary(terminalreporter):
    """One line at the end of the run when the browser tests were skipped, and why."""
    skipped = [report for report in terminalreporter.stats.get("skipped", [])
               if chromium.HOW_TO_GET_ONE in str(report.longrepr)]
    if skipped:
        terminalreporter.write_line(
            f"{len(skipped)} browser test{'s' * (len(skipped) != 1)} skipped, {chromium.missing_reason()}",
            yellow=True, bold=True)


@pytest.fixture(scope="session")
def worker_pool():
    """One pool for the whole session: each worker it starts imports JAX (~3 s)."""
    pool = WorkerPool()
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def clean_build_started(tmp_path_factory):
    """The clean build (below), started in a thread of this process as a subprocess. The tests
    that use clean_build_meanwhile run first, while it builds: its
    last stretches (the slowest snippets, the notebook, writing the pages) leave a core idle.
    Yields (folder, thread, outcome)."""
    from sitebuild import build_site

    folder = tmp_path_factory.mktemp("clean-build")
    outcome: dict = {}

    def build() -> None:
        try:
            outcome["site"] = build_site(folder)
        except BaseException as error:  # raised by clean_site, in the test that needs the site
            outcome["error"] = error

    thread = threading.Thread(target=build, name="clean build")
    thread.start()
    yield folder, thread, outcome
    thread.join()  # a session cut short (-x) still waits for its build, which writes into its temporary folder


@pytest.fixture
def clean_build_meanwhile(request):
    """For a test that runs first, beside the clean build (pytest_collection_modifyitems), and times
    nothing itself: start the build now, if a test of this session will need it (run alone, the test
    starts nothing)."""
    if any("clean_site" in getattr(item, "fixturenames", ()) for item in request.session.items):
        request.getfixturevalue("clean_build_started")


@pytest.fixture(scope="session")
def clean_site(request, tmp_path_factory, clean_build_started):
    """The real site, built --strict from an empty cache, as a fresh clone would publish it.

    Every snippet in it ran fresh in this session, so the docs/ items that come later
    take their outputs from its cache instead of running each snippet again (see
    docs/conftest.py). The variable is removed when the session ends.
    """
    folder, thread, outcome = clean_build_started
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    site = outcome["site"]
    if any("site_visits" in getattr(item, "fixturenames", ()) for item in request.session.items) \
            and chromium.executable() is not None:
        _VISITS.start(site, tmp_path_factory.mktemp("visits"))  # in the background from now on
    os.environ["LIVE_FRESH_RESULTS"] = str(folder / "cache")
    yield site
    os.environ.pop("LIVE_FRESH_RESULTS", None)


@pytest.fixture(scope="session")
def case_study_run():
    """docs/case-study.ipynb executed afresh, once a session: test_notebook reads its outputs, and
    test_determinism compares it with what the clean build executed."""
    from live_engine.notebooks import NotebookError, execute

    root = Path(__file__).resolve().parent.parent
    try:
        return execute((root / "docs" / "case-study.ipynb").read_bytes(), "docs/case-study.ipynb", root, timeout=300)
    except NotebookError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def served_site(clean_site):
    """The clean site served on localhost; yields its base URL."""
    from sitebuild import serve

    with serve(clean_site) as url:
        yield url


class _Chromium:
    """Chromium under Playwright while some fixture uses it, and not a moment longer.

    Playwright's sync API keeps an event loop of its own in this thread while it runs, and
    asyncio.run() (nbclient, for one) and a second Playwright both refuse to run then. So the browser is
    started by the first fixture that asks for it and stopped when the last one lets it go.
    """

    def __init__(self):
        self.users, self.playwright, self.browser = 0, None, None

    @contextlib.contextmanager
    def launched(self, config):
        if self.users == 0:
            path = chromium.executable()
            if path is None:
                if chromium.required(config):
                    pytest.fail(chromium.missing_reason(), pytrace=False)
                pytest.skip(chromium.missing_reason())
            from playwright.sync_api import sync_playwright

            from browsing import CHROMIUM_ARGS

            self.playwright = sync_playwright().start()
            try:
                self.browser = self.playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
            except BaseException:
                self.playwright.stop()
                raise
        self.users += 1
        try:
            yield self.browser
        finally:
            self.users -= 1
            if self.users == 0:
                try:
                    self.browser.close()
                finally:
                    self.playwright.stop()
                    self.playwright = self.browser = None


_CHROMIUM = _Chromium()
_VISITS = InBackground()


@pytest.fixture(scope="module")
def browser(request):
    """Chromium for the tests of one module, or a skip (a failure under CI) where there is none."""
    with _CHROMIUM.launched(request.config) as browser:
        yield browser


@pytest.fixture
def context(browser):
    """A fresh context for one test: its pages, clipboard and storage are its own."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    yield context
    context.close()


@pytest.fixture(scope="session")
def site_visits(request, clean_site):
    """Every page of the clean build opened once per colour scheme (tests/browsing.py): what the page
    logged and requested, what axe found, and the colours in its code blocks, by (page, scheme).
    Made in a process of its own, started right after the clean build; the tests that read it run
    last (pytest_collection_modifyitems), so the rest of the suite runs while Chromium works."""
    if chromium.executable() is None:
        if chromium.required(request.config):
            pytest.fail(chromium.missing_reason(), pytrace=False)
        pytest.skip(chromium.missing_reason())
    if _VISITS.process is None:  # not started by clean_site: its session had no test that reads them
        _VISITS.start(clean_site, request.getfixturevalue("tmp_path_factory").mktemp("visits"))
    return _VISITS.visits()


def pytest_collection_modifyitems(session, config, items):
    """The first test that needs the clean build runs first, and the tests that read every page's
    visit go last. The build takes both cores for a minute and a half; the visits it then starts
    run in the background at low priority and fill whatever CPU the other tests leave, which is
    most of a core while a test waits on a server or a timer (test_background, first in name order,
    waits 12 s and used to do it before the build, with the cores idle).

    Before that first test go the tests that use clean_build_meanwhile, which start the build in
    the background (clean_build_started) and run while it builds.

    Just before the readers go the tests marked fills_every_core, which keep both cores busy by
    themselves (the direct runs of test_site, a thread per core). The visits mostly end before the
    other tests do, and what came last then ran on one core with the other idle: the docs/ items
    and a few single-threaded tests, about 18 s of it."""
    builders = [item for item in items if "clean_site" in getattr(item, "fixturenames", ())
                and "site_visits" not in item.fixturenames]
    if builders:
        items.remove(builders[0])
        items.insert(0, builders[0])
        beside = [item for item in items if "clean_build_meanwhile" in getattr(item, "fixturenames", ())]
        items[:] = beside + [item for item in items if item not in beside]
    readers = [item for item in items if "site_visits" in getattr(item, "fixturenames", ())]
    fillers = [item for item in items if item.get_closest_marker("fills_every_core") and item not in readers]
    items[:] = [item for item in items if item not in readers and item not in fillers] + fillers + readers


def pytest_sessionfinish(session):
    _VISITS.stop()  # only if still running: a session cut short
