"""Under `mkdocs serve`: pages at once from the committed records, while the snippets run behind them.

What `hooks/live.py` calls for the MkDocs side of `live_engine/background.py`: whether
this serve may serve before its snippets ran, the file the server watches so that it
rebuilds when outputs are in, and what a page says at an output while it runs and after.

Why a watched file rather than calling the server: `server.watch()` is the public way a
hook asks MkDocs' livereload server to rebuild, and a rebuild is what MkDocs already does
on a save: the pages, the navigation and the search index are made again together, and
the browser reloads. The background run only writes the file; the rebuild then finds the
outputs in the cache, as it would after any save.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from live_engine.build import BuildResult
from live_engine.directives import Directive
from live_engine.records import record_path
from live_engine.render import Note, pending_note, record_note
from live_engine.settings import Settings

log = logging.getLogger("mkdocs.plugins.live")

SIGNAL_FOLDER = "serve-signal"  # in the cache folder: a file there changes when a batch of outputs is in
SIGNAL_FILE = "outputs-in"
READY_SECONDS = 600.0  # for the server to start watching after its first build


def livereload_on() -> bool:
    """Is this `mkdocs serve` going to rebuild when a watched file changes? Not with
    --no-livereload, nor when MkDocs was called other than from its command line (the hook's
    own tests): then nothing would ever replace a page shown from the records."""
    import click

    context = click.get_current_context(silent=True)
    return bool(context is not None and context.params.get("livereload"))


class Signal:
    """A file in the cache folder that the server watches: written when a batch of outputs is in."""

    def __init__(self, cache_dir: Path):
        self.folder = cache_dir / SIGNAL_FOLDER
        self.server = None
        self.count = 0
        self._watched = threading.Event()

    def watch(self, server) -> None:
        """Called from `on_serve`: have `server` rebuild when the file changes."""
        self.folder.mkdir(parents=True, exist_ok=True)
        server.watch(str(self.folder), recursive=False)
        self.server = server
        self._watched.set()

    def fire(self) -> None:
        """Write the file (from the background run's thread). The server looks at the folder first
        when its observer starts, just after `on_serve`: a change before that would go unseen, so
        this waits for it."""
        deadline = time.monotonic() + READY_SECONDS
        while not (self._watched.is_set() and self.server.observer.is_alive()):
            if time.monotonic() > deadline:
                log.info("live: outputs are in, but the server never started watching %s; save any page to see "
                         "them", self.folder)
                return
            time.sleep(0.1)
        self.count += 1
        try:
            (self.folder / SIGNAL_FILE).write_text(f"{self.count}\n", encoding="utf-8")
        except OSError as error:
            log.info("live: outputs are in, but %s could not be written (%s), so the server does not know: "
                     "save any page to see them, or make the cache folder writable", self.folder / SIGNAL_FILE, error)


def shown_output(result: BuildResult, name: str) -> str | None:
    """What the page shows as the output of `name`: this machine's, else its record (None: neither yet)."""
    if name in result.pending:
        return result.pending[name].record
    return result.outcomes[name].output


def notes(directive: Directive, result: BuildResult, settings: Settings) -> dict[str, Note]:
    """What the page says at each output of `directive`: the "not yet run on this machine" mark
    while its snippet runs behind the served pages; once it ran, how it differs from the record
    the page showed until then (nothing if it does not)."""
    said = {}
    for name in directive.paths:
        if name in result.pending:
            waiting = result.pending[name]
            said[name] = pending_note(name, waiting.record, waiting.record_file, waiting.why_none)
        elif name in result.behind and result.outcomes[name].ok:
            path = record_path(settings, name)
            try:
                record = path.read_text(encoding="utf-8") if path is not None else None
            except (OSError, UnicodeDecodeError):
                record = None
            output = result.outcomes[name].output
            if record is not None and record != output:
                said[name] = record_note(directive, name, path.relative_to(settings.root).as_posix(), record, output)
    return said
