"""Build the real site the way a fresh clone would, and serve it on localhost.

Shared by the tests that read the built site: its outputs (test_site), its
reproducibility (test_determinism), its links (test_links) and how it behaves in a
browser (test_browser).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Any fixed instant will do: it stands for the commit time a published build would use.
SOURCE_DATE_EPOCH = "1767225600"


def build_site(folder: Path) -> Path:
    """`mkdocs build --strict` into folder/site with an empty cache in folder/cache: a cold build."""
    env = os.environ | {
        "NO_MKDOCS_2_WARNING": "1",
        "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH,
        "LIVE_CACHE_DIR": str(folder / "cache"),
    }
    site = folder / "site"
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    if build.returncode != 0:
        raise AssertionError(f"mkdocs build --strict failed:\n{build.stderr}")
    return site


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # the tests report what matters themselves
        pass


@contextlib.contextmanager
def serve(site: Path):
    """Serve `site` on 127.0.0.1 at a free port; yields the base URL, ending in '/'."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
