"""How often `mkdocs serve` looks for saved files: every 0.1 s instead of every 0.5 s.

MkDocs watches the sources with watchdog's PollingObserver (mkdocs/livereload), which
takes a snapshot of each watched folder every half second, so a save waited 0.25 s on
average, and up to 0.5 s, before the rebuild began: an eighth of the two seconds an
edit may take to show (tests/benchmark.py, "saved to shown"). A snapshot of this site's
docs/ and snippets/ (about 700 files) takes about 3 ms, so polling ten times a second
costs about 3 % of a core. MkDocs offers no setting for it, so the interval is set on
the observer MkDocs made: on the emitters already scheduled (docs/, mkdocs.yml) and on
the observer, which gives it to the ones scheduled after `on_serve` (the `watch:` list).
"""

from __future__ import annotations

import logging

POLL_SECONDS = 0.1
log = logging.getLogger("mkdocs.plugins.serve_polling")


def poll_every(server, seconds: float = POLL_SECONDS) -> bool:
    """Make `server` (MkDocs' LiveReloadServer, not started yet) poll its folders every `seconds`.
    False, with a warning, if the installed watchdog keeps its interval elsewhere (serving goes on
    at MkDocs' interval; tests/test_serve_edits.py fails on it)."""
    observer = server.observer
    if not hasattr(observer, "_timeout") or not all(hasattr(emitter, "_timeout") for emitter in observer.emitters):
        log.warning("serve_polling: this watchdog keeps its polling interval elsewhere: saves are looked for "
                    "every 0.5 s, not every %g s (update hooks/serve_mode/serve_polling.py for it)", seconds)
        return False
    observer._timeout = seconds
    for emitter in observer.emitters:
        emitter._timeout = seconds
    return True
