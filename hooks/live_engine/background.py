"""Snippets a first `mkdocs serve` runs behind the pages it already serves.

`mkdocs build` runs every snippet before it writes a page, and so did `mkdocs serve`: on a
fresh clone, minutes before the first page. Under serve, a build takes what the cache
holds, hands the rest to a `Background` and shows each of those meanwhile from its
committed record (records.py), marked as not yet run on this machine; a snippet with no
record shows that it is running. The runs go on in the engine's warm workers; as their
outputs come in, `on_batch` is called (hooks/serve_mode/first_serve.py writes a file the server watches,
so the server rebuilds and the browser reloads), at most once every `spacing()` seconds,
and at once when the last output is in. The rebuild finds each success in the cache and
takes each failure (never cached) from here.

Only the first build of a serve starts snippets here: a later one (an author's save)
waits for what it starts itself, as before, so the save shows its real output; it still
takes, without waiting, what the first build left running.
"""

from __future__ import annotations

import dataclasses
import threading
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import nullcontext
from typing import Callable

from .cache import cache_key
from .progress import Log, progress
from .records import record_path
from .runner import Outcome, Runner
from .settings import Settings
from .snippets import Snippet

MIN_SPACING_SECONDS = 3.0  # between two rebuilds asked for by the background run


@dataclasses.dataclass(frozen=True)
class Pending:
    """A snippet still running behind the pages, and what its page shows meanwhile."""

    name: str
    record: str | None  # the committed record's text; None when there is none to show
    record_file: str  # the record's path from the project's root (records/x.py.txt), "" when unrecorded
    why_none: str = ""  # when `record` is None: why there is none, and what to do about it if anything


def pending(settings: Settings, name: str) -> Pending:
    """What the page of `name` shows while it runs: its record, or why it has none."""
    path = record_path(settings, name)
    if path is None:
        reason = dict(settings.unrecorded).get(name)
        return Pending(name, None, "", f"it has no record: its output varies by machine ({reason})" if reason
                       else "records are off ([tool.live] records_dir)")
    shown = path.relative_to(settings.root).as_posix()
    try:
        return Pending(name, path.read_text(encoding="utf-8"), shown)
    except FileNotFoundError:
        return Pending(name, None, shown, f"its record {shown} does not exist yet: `uv run pytest docs/ "
                                          f"--accept-outputs` writes it, to commit")
    except (OSError, UnicodeDecodeError) as error:
        return Pending(name, None, shown, f"its record {shown} could not be read ({error})")


@dataclasses.dataclass
class Taken:
    """What a build gets from `Background.take`."""

    outcomes: dict[str, Outcome]  # from the cache, or a run here that has finished
    pending: dict[str, Pending]  # still running here
    to_run: list[tuple[Snippet, float]]  # neither: the build runs these itself, and waits for them
    behind: set[str]  # snippets whose shown output is (or will be) a run started here


class Background:
    """The snippets one `mkdocs serve` runs behind its pages, by cache key, and the batches they come in."""

    def __init__(self, on_batch: Callable[[], None], log: Log | None = None,
                 spacing: Callable[[], float] = lambda: MIN_SPACING_SECONDS):
        self.on_batch, self.log, self.spacing = on_batch, log, spacing
        self._futures: dict[str, Future] = {}  # key -> its run, until a build took it once all were in
        # Not started before `launch`: (what, its future, what starts it), and the snippets' jobs.
        self._queued: list[tuple[str, Future, Callable[[], None] | None]] = []
        self._jobs: list[tuple[str, Snippet, float]] = []  # (key, snippet, timeout)
        self._delivered: set[str] = set()  # keys of finished runs a build has taken
        self.started: set[str] = set()  # every key started here (its page compares the output with the record)
        self.finished = threading.Event()  # set while nothing started here is still to come in
        self.finished.set()
        self.summary = ""  # the line logged then

    @property
    def queued(self) -> bool:
        """Has a build queued work that `launch` has not started yet?"""
        return bool(self._queued)

    @property
    def running(self) -> int:
        return sum(not future.done() for future in self._futures.values())

    def take(self, jobs: list[tuple[Snippet, float]], runner: Runner, start: bool) -> Taken:
        """Sort a build's (snippet, timeout) jobs: cached, finished here, still running here, or
        neither. With `start`, the last kind are started here rather than run by the build."""
        taken = Taken({}, {}, [], set())
        starting: dict[str, tuple[Snippet, float]] = {}  # key -> job
        for snippet, timeout in jobs:
            key = cache_key(snippet, runner.settings.max_output_bytes)
            future = self._futures.get(key)
            if future is not None and future.cancelled():  # its runner was closed: run it again
                del self._futures[key]
                future = None
            if key in self.started:
                taken.behind.add(snippet.name)
            cached = runner.cache.get(key) if runner.cache is not None else None
            if cached is not None:
                taken.outcomes[snippet.name] = Outcome(snippet.name, cached, cached=True)
            elif future is not None and future.done():
                taken.outcomes[snippet.name] = result(future, f"snippets/{snippet.name}")
                self._delivered.add(key)
            elif future is not None:
                taken.pending[snippet.name] = pending(runner.settings, snippet.name)
            elif start:
                starting[key] = (snippet, timeout)
            else:
                taken.to_run.append((snippet, timeout))
        for key, (snippet, timeout) in starting.items():  # each runs once `launch` is called
            self._futures[key] = Future()
            self.started.add(key)
            self._jobs.append((key, snippet, timeout))
            self._queued.append((f"snippets/{snippet.name}", self._futures[key], None))
            taken.pending[snippet.name] = pending(runner.settings, snippet.name)
            taken.behind.add(snippet.name)
        return taken

    def add(self, what: str, future: Future, begin: Callable[[], None]) -> None:
        """More work behind the pages (a notebook, docs/X.ipynb): `begin()`, called by `launch`,
        starts it, and `future` gives its Outcome."""
        self._queued.append((what, future, begin))

    def launch(self, runner: Runner) -> None:
        """Start what the build queued (once the server serves its pages: the runs would slow the
        build that serves them), and announce it as it comes in (see `_announce`)."""
        if not self._queued:
            return
        started = runner.start([(snippet, timeout) for _, snippet, timeout in self._jobs])
        for key, snippet, _ in self._jobs:
            _forward(started[snippet.name], self._futures[key])
        for _, _, begin in self._queued:
            if begin is not None:
                begin()
        self.finished.clear()
        threading.Thread(target=self._announce, args=(self._queued, runner.settings), daemon=True,
                         name="live-background").start()
        self._queued, self._jobs = [], []

    def settle(self) -> None:
        """At the end of a build: once every run is in, forget those a build has taken, so that a
        later save runs a failed snippet again, as `mkdocs serve` always did. (Until then, every
        rebuild shows the failure rather than run the snippet again while the others run.)"""
        if not self.running:
            for key in self._delivered:
                self._futures.pop(key, None)
            self._delivered.clear()

    def _announce(self, work: list[tuple[str, Future, object]], settings: Settings) -> None:
        """Call `on_batch` as outputs come in: once `spacing()` seconds have passed since the last
        call, and at once for the last output; log progress meanwhile and a summary at the end."""
        started = last = time.monotonic()
        what = {future: name for name, future, _ in work}
        remaining, unannounced, failed, differ = set(what), 0, [], []
        reporter = progress("runs behind the served pages", len(work), self.log)
        with reporter or nullcontext():
            while remaining:
                timeout = None if not unannounced else max(0.0, last + self.spacing() - time.monotonic())
                done, remaining = wait(remaining, timeout=timeout, return_when=FIRST_COMPLETED)
                for future in done:
                    unannounced += 1
                    if reporter:
                        reporter.step()
                    if future.cancelled():
                        return  # the runner was closed: serve is ending, or starting afresh
                    outcome = result(future, what[future])
                    if not outcome.ok:
                        failed.append(what[future])
                    elif what[future].startswith("snippets/") and differs_from_record(settings, outcome.snippet,
                                                                                       outcome.output):
                        differ.append(what[future])
                if unannounced and (not remaining or time.monotonic() >= last + self.spacing()):
                    self.on_batch()
                    unannounced, last = 0, time.monotonic()
        self.summary = (f"behind the served pages, all {len(work)} runs are in, after "
                        f"{time.monotonic() - started:.1f} s" + _listed("failed", failed)
                        + _listed("differ from their records", differ))
        if self.log:
            self.log(self.summary)
        self.finished.set()


def _forward(source: Future, target: Future) -> None:
    """When `source` is done, `target` is done the same way."""
    def done(future: Future) -> None:
        if future.cancelled():
            target.cancel()
        elif future.exception() is not None:
            target.set_exception(future.exception())
        else:
            target.set_result(future.result())

    source.add_done_callback(done)


def result(future: Future, what: str) -> Outcome:
    """The Outcome a finished future gives; an exception raised by the engine itself (a bug: the
    runner turns every failure of a snippet into an Outcome) becomes one that says so."""
    error = future.exception()
    if error is None:
        return future.result()
    return Outcome(what.removeprefix("snippets/"), None,
                   f"{what}: the engine failed while running it behind the served pages: "
                   f"{type(error).__name__}: {error}; restart `mkdocs serve`, and report it if it happens again",
                   "".join(traceback.format_exception(error)))


def differs_from_record(settings: Settings, name: str, output: str) -> bool:
    """Is there a record of `name`, and does `output` differ from it?"""
    path = record_path(settings, name)
    try:
        return path is not None and path.read_text(encoding="utf-8") != output
    except (OSError, UnicodeDecodeError):
        return False


def _listed(what: str, names: list[str], shown: int = 5) -> str:
    """'; 2 failed: snippets/a.py, snippets/b.py (each page shows its own)', or ''."""
    if not names:
        return ""
    listed = ", ".join(sorted(names)[:shown])
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return f"; {len(names)} {what}: {listed}{more} (each page shows its own)"
