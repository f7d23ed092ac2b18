from __future__ import annotations

import pytest

from live_engine.workers import WorkerPool


@pytest.fixture(scope="session")
def worker_pool():
    """One pool for the whole session: each worker it starts imports JAX (~3 s)."""
    pool = WorkerPool()
    yield pool
    pool.close()
