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
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Any fixed instant will do: it stands for the commit time a published build would use.
SOURCE_DATE_EPOCH = "1767225600"


def build_site(folder: Path, cache: Path | None = None, **variables: str) -> Path:
    """`mkdocs build --strict` into folder/site, with the cache in `cache` (default: a new, empty
    folder/cache, so a cold build) and any further environment `variables`. What the build
    logged is kept in folder/build.log."""
    env = os.environ | {
        "NO_MKDOCS_2_WARNING": "1",
        "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH,
        "LIVE_CACHE_DIR": str(cache or folder / "cache"),
    } | variables
    site = folder / "site"
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    (folder / "build.log").write_text(build.stderr, encoding="utf-8")
    if build.returncode != 0:
        raise AssertionError(f"mkdocs build --strict failed:\n{build.stderr}")
    return site


@functools.cache  # read once: the link test asks for every absolute link it meets
def published_path() -> str:
    """The path part of `site_url` ('/name/' on GitHub Pages), where the site will live."""
    from mkdocs.config import load_config

    config = load_config(str(ROOT / "mkdocs.yml"))
    path = urllib.parse.urlsplit(config.site_url or "/").path
    return path if path.endswith("/") else path + "/"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site under its published path, so the 404 page's absolute links resolve as online."""

    prefix = "/"

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "no such file")
        return super().translate_path("/" + path[len(self.prefix):])

    def log_message(self, format, *args):  # the tests report what matters themselves
        pass


@contextlib.contextmanager
def serve(site: Path):
    """Serve `site` on 127.0.0.1 at a free port; yields the base URL, ending in '/'."""
    prefix = published_path()
    handler = functools.partial(type("Handler", (SiteHandler,), {"prefix": prefix}), directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()
