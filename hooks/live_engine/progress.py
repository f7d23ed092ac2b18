"""Progress of long work (snippets, a notebook's cells): how far, how long, how much is left.

A cold build runs for a minute or more; without a word from it, a reader who does not
know the project cannot tell work from a hang. Where the output is a terminal, one bar
is redrawn in place every second; anywhere else (`mkdocs serve`'s log, CI, a file) a
plain line is written every few seconds, whether or not a step ended in between.
Nothing is written for work that has nothing to do: a build served from the cache
reports nothing.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Callable, TextIO

Log = Callable[[str], None]  # where a progress line goes, e.g. a logger's info
INTERVAL_VARIABLE = "LIVE_PROGRESS_SECONDS"  # seconds between log lines; 0: a line per finished step
DEFAULT_INTERVAL = 5.0
BAR_REDRAW_SECONDS = 1.0
BAR_WIDTH = 24


def interval() -> float:
    """Seconds between log lines: $LIVE_PROGRESS_SECONDS, else 5."""
    value = os.environ.get(INTERVAL_VARIABLE)
    try:
        return max(0.0, float(value)) if value else DEFAULT_INTERVAL
    except ValueError:
        raise ValueError(f"{INTERVAL_VARIABLE}={value!r} is not a number of seconds") from None


def describe(what: str, done: int, total: int, elapsed: float) -> str:
    """'37/243 snippets, 12 s elapsed, about 55 s left' (no estimate before the first step ends)."""
    text = f"{done}/{total} {what}, {elapsed:.0f} s elapsed"
    if 0 < done < total:
        text += f", about {elapsed / done * (total - done):.0f} s left"
    return text


class Progress:
    """Counts finished steps of one piece of work and reports them while it runs.

    Use it as a context manager around the work; `step()` may be called from any thread.
    """

    def __init__(self, what: str, total: int, log: Log, stream: TextIO | None = None,
                 every: float | None = None, clock: Callable[[], float] = time.monotonic):
        self.what, self.total, self.log = what, total, log
        # A bar only where a person watches: the stream is a terminal.
        self.bar = stream if stream is not None and stream.isatty() else None
        self.every = interval() if every is None else every
        self.clock = clock
        self.started = clock()
        self.done = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker = threading.Thread(target=self._tick, daemon=True)

    def __enter__(self) -> Progress:
        if self.bar is not None or self.every > 0:
            self._ticker.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._ticker.is_alive():
            self._ticker.join()
        if self.bar is not None:  # the caller's summary line says how it ended
            self.bar.write("\r\x1b[2K")
            self.bar.flush()

    def step(self) -> None:
        """One more step finished."""
        with self._lock:
            self.done += 1
            if self.bar is not None:
                self._draw()
            elif self.every == 0:
                self.log(self.line())

    def line(self) -> str:
        return describe(self.what, self.done, self.total, self.clock() - self.started)

    def _tick(self) -> None:
        pause = BAR_REDRAW_SECONDS if self.bar is not None else self.every
        while not self._stop.wait(pause):
            with self._lock:
                if self.bar is not None:
                    self._draw()
                else:
                    self.log(self.line())

    def _draw(self) -> None:
        filled = BAR_WIDTH * self.done // max(1, self.total)
        self.bar.write(f"\r\x1b[2Klive: {'█' * filled}{'░' * (BAR_WIDTH - filled)} {self.line()}")
        self.bar.flush()


def progress(what: str, total: int, log: Log | None) -> Progress | None:
    """A Progress for `total` steps, drawn on stderr if that is a terminal, else logged;
    None when there is no log to report to or nothing to do."""
    return Progress(what, total, log, stream=sys.stderr) if log is not None and total else None
