from __future__ import annotations

import pytest

from live_engine.workers import WorkerPool


@pytest.fixture(scope="session")
def worker_pool():
    """One pool for the whole session: each worker it starts imports JAX (~3 s)."""
    pool = WorkerPool()
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def clean_site(tmp_path_factory):
    """The real site, built --strict from an empty cache, as a fresh clone would publish it."""
    from sitebuild import build_site

    return build_site(tmp_path_factory.mktemp("clean-build"))


@pytest.fixture(scope="session")
def served_site(clean_site):
    """The clean site served on localhost; yields its base URL."""
    from sitebuild import serve

    with serve(clean_site) as url:
        yield url
