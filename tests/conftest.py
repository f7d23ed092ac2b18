from __future__ import annotations

import os

import pytest

import chromium
from live_engine.workers import WorkerPool

# Hermetic: nothing in the caller's shell steers the engine under test. LIVE_CACHE_DIR
# (which the README suggests for a cold build) would move every test project's cache
# out of sight; LIVE_FRESH_RESULTS would hand docs/ items another session's outputs;
# LIVE_PROGRESS_SECONDS would change what builds log. Tests that want one set it.
for _name in [name for name in os.environ if name.startswith("LIVE_")]:
    del os.environ[_name]


def pytest_addoption(parser):
    parser.addoption("--every-direct-run", action="store_true", dest="every_direct_run",
                     help="tests/test_site.py: run every snippet as `python snippets/X.py`, not a sample")
    parser.addoption("--require-browser", action="store_true", dest="require_browser",
                     help="fail, rather than skip, the browser tests when no Chromium is installed "
                          "(always so under CI=true)")


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
def clean_site(tmp_path_factory):
    """The real site, built --strict from an empty cache, as a fresh clone would publish it.

    Every snippet in it ran fresh in this session, so the docs/ items that come later
    take their outputs from its cache instead of running each snippet again (see
    docs/conftest.py). The variable is removed when the session ends.
    """
    from sitebuild import build_site

    folder = tmp_path_factory.mktemp("clean-build")
    site = build_site(folder)
    os.environ["LIVE_FRESH_RESULTS"] = str(folder / "cache")
    yield site
    os.environ.pop("LIVE_FRESH_RESULTS", None)


@pytest.fixture(scope="session")
def served_site(clean_site):
    """The clean site served on localhost; yields its base URL."""
    from sitebuild import serve

    with serve(clean_site) as url:
        yield url
