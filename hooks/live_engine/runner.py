"""Running snippets: from the cache when it can, in parallel workers when it must."""

from __future__ import annotations

import dataclasses
import os
import re
import signal
import time
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from contextlib import nullcontext
from pathlib import Path
from typing import TextIO

from .cache import CACHED_ONLY_VARIABLE, NotCachedError, ResultCache, cache_key, environment_identity
from .environment import read_at_import
from .normalize import Places, normalize, normalize_paths
from .progress import Log, progress
from .settings import Settings
from .snippets import Snippet
from .versions import JaxEnv, existing_env, hold_env, record_identity, recorded_env, results_folder
from .workers import Run, WorkerError, WorkerPool, check_platform

FAULTHANDLER_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


@dataclasses.dataclass(frozen=True)
class Outcome:
    """The result of one snippet: its normalized output, or what went wrong."""

    snippet: str
    output: str | None  # the text the page shows; None when the snippet failed
    # One line: snippets/x.py:4: ZeroDivisionError: division by zero. On an older JAX (the version
    # matrix), a problem means no answer from that version: it timed out, or its worker failed.
    problem: str | None = None
    details: str = ""  # the traceback, or the stacks at a crash or timeout
    seconds: float = 0.0
    cached: bool = False
    failed_on: str | None = None  # an older JAX (the version matrix) that failed: `output` is what it said


    @property
    def ok(self) -> bool:
        return self.problem is None


class Runner:
    """Runs snippets for one project. Reuses its workers until `close()`.

    Pass the `pool` of a previous runner to keep its warm workers (new settings, same workers).
    """

    def __init__(self, settings: Settings, use_cache: bool = True, pool: WorkerPool | None = None):
        check_platform()  # one line on macOS or Windows, rather than a worker dying on every snippet
        self.settings = settings
        self.cache = ResultCache(settings.cache_dir) if use_cache else None
        self.pool = pool or WorkerPool(settings.max_workers)
        self.pool.max_workers = settings.max_workers
        self._executors: list[ThreadPoolExecutor] = []
        # The version matrix: per older JAX, its workers and its own cache (CACHE/jax-VERSION/results).
        self.version_pools: dict[str, WorkerPool] = {}
        self.version_caches: dict[str, ResultCache] = {}
        self._env_locks: dict[str, TextIO] = {}  # versions.hold_env's lock per environment in use

    def environment(self, version: str, log: Log | None = None) -> JaxEnv:
        """The environment of an older JAX or a compile target, made on first use (see
        versions.py), kept from being made again by another build until `close_version`. Under
        LIVE_CACHED_ONLY, where it is not here, the one its results recorded (versions.recorded_env)."""
        if os.environ.get(CACHED_ONLY_VARIABLE) and existing_env(self.settings, version) is None:
            # The published site's last job carries each environment job's results, not the
            # environment: it runs nothing, and the identity recorded with the results names them.
            recorded = recorded_env(self.settings, version)
            if recorded is not None:
                return recorded
        previous = self._env_locks.pop(version, None)
        if previous is not None:
            previous.close()  # first: held while hold_env makes it again, it would wait for itself
        env, self._env_locks[version] = hold_env(self.settings, version, log)
        return env

    def _pool_for(self, env: JaxEnv | None) -> WorkerPool:
        if env is None or env.pinned:
            return self.pool
        if env.key not in self.version_pools:
            self.version_pools[env.key] = WorkerPool(self.settings.max_workers, python=env.python)
        return self.version_pools[env.key]

    def cache_for(self, env: JaxEnv | None) -> ResultCache | None:
        """The cache of the pinned version's results, or of an older one's."""
        if self.cache is None or env is None or env.pinned:
            return self.cache
        if env.key not in self.version_caches:
            self.version_caches[env.key] = ResultCache(results_folder(self.settings, env.key))
            if not env.recorded:
                record_identity(self.settings, env, environment_identity(env))
        return self.version_caches[env.key]

    def close_version(self, version: str) -> None:
        """Stop an older JAX's workers (a build runs one version after another: each holds JAX in memory)."""
        pool = self.version_pools.pop(version, None)
        if pool is not None:
            pool.close()
        held = self._env_locks.pop(version, None)
        if held is not None:
            held.close()  # another build may make this environment again now

    def start(self, jobs: list[tuple[Snippet, float]], env: JaxEnv | None = None) -> dict[str, Future]:
        """Start (snippet, timeout) pairs; each future yields the snippet's Outcome.

        `env` runs them with an older JAX (the version matrix); None, with the pinned one.

        Cached outputs are done at once, without starting anything; the rest run on
        `settings.snippets_at_once` threads, each waiting on a worker process. Nothing
        waits here: a caller can take each result as its turn comes.
        """
        futures, to_run = {}, []
        cache = self.cache_for(env)
        for snippet, timeout in jobs:
            key = cache_key(snippet, self.settings.max_output_bytes, env)  # hashes every file once per build
            output = cache.get(key) if cache is not None else None
            if output is not None:
                futures[snippet.name] = Future()
                shown, failed_on = _cached(output)
                futures[snippet.name].set_result(Outcome(snippet.name, shown, cached=True, failed_on=failed_on))
            else:
                to_run.append((snippet, timeout, key))
        if to_run and cache is not None and os.environ.get(CACHED_ONLY_VARIABLE):
            names = [snippet.name for snippet, _, _ in to_run]
            where = "the pinned JAX" if env is None or env.pinned else env.label
            raise NotCachedError(
                f"{CACHED_ONLY_VARIABLE} is set, but {len(names)} snippet(s) on {where} are not in the cache: "
                f"{', '.join(names[:5])}{', ...' if len(names) > 5 else ''}. The job that runs them did not, "
                f"for this commit and these packages: run it again, or unset {CACHED_ONLY_VARIABLE} to run them here.")
        # Group by the worker each needs (its JAX_* variables), so each worker is started once and reused.
        to_run.sort(key=lambda job: (read_at_import(job[0].env), job[0].env, job[0].name))
        executor = ThreadPoolExecutor(max_workers=self.settings.snippets_at_once)
        for snippet, timeout, key in to_run:
            futures[snippet.name] = executor.submit(self.run, snippet, timeout, key, env)
        executor.shutdown(wait=False)  # its threads end when the queue is done
        self._executors.append(executor)
        return futures

    def run_all(self, jobs: list[tuple[Snippet, float]], log: Log | None = None,
                env: JaxEnv | None = None) -> dict[str, Outcome]:
        """Run (snippet, timeout) pairs, cached ones without starting anything.

        With `log`, progress is reported while snippets run (nothing when all are cached).
        """
        futures = self.start(jobs, env)
        running = [future for future in futures.values() if not (future.done() and future.result().cached)]
        reporter = progress("snippets" if env is None or env.pinned else f"snippets on {env.label}", len(running), log)
        try:
            with reporter or nullcontext():
                for _ in as_completed(running):
                    if reporter:
                        reporter.step()
        except (KeyboardInterrupt, SystemExit):
            # Ctrl-C: end every snippet now. Left alone, the threads would go on through
            # the queue while the interpreter waits for them to exit.
            self.close()
            raise
        return {name: future.result() for name, future in futures.items()}

    def run(self, snippet: Snippet, timeout: float, key: str | None = None, env: JaxEnv | None = None) -> Outcome:
        """Run one snippet now, bypassing the cache for reading, and store a success under `key`.

        What runs is `snippet.code`, the bytes the key was computed from, whatever the
        file holds by now. The local modules it imports are read from disk as it runs,
        so if one was saved meanwhile the output is of neither version: it is shown,
        but not stored (the next build runs it again).
        """
        started = time.monotonic()
        key = key or cache_key(snippet, self.settings.max_output_bytes, env)
        try:
            run = self._pool_for(env).run(snippet.file, snippet.env, timeout, self.settings.max_output_bytes,
                                          code=snippet.code)
        except WorkerError as error:  # not what that JAX says: the build's failure, or on an older one no answer
            return Outcome(snippet.name, None, f"snippets/{snippet.name}: the worker failed: {error}",
                           seconds=time.monotonic() - started)
        outcome = self._outcome(snippet, run, timeout, time.monotonic() - started, env)
        cache = self.cache_for(env)
        # An older JAX's error is its output, and as repeatable as a success; a crash is not.
        # A target's failure is not: it stops the build, and the next build runs it again.
        keep = outcome.ok and (outcome.failed_on is None or (run.status == "error" and not env.target))
        if keep and cache is not None and not snippet.dependencies_changed():
            cache.put(key, _stored(outcome))
        return outcome

    def close(self) -> None:
        """Stop every snippet: queued ones never start, running ones end with their workers."""
        for executor in self._executors:
            executor.shutdown(wait=False, cancel_futures=True)
        self._executors.clear()
        self.pool.close()
        for version in list(self.version_pools.keys() | self._env_locks.keys()):
            self.close_version(version)

    def _outcome(self, snippet: Snippet, run: Run, timeout: float, seconds: float, env: JaxEnv | None = None) -> Outcome:
        older = env is not None and not env.pinned
        places = Places(self.settings.root, Path(run.job_dir) / "work", (Path(run.job_dir) / "tmp",),
                        env.site_packages if older else ())
        output = normalize(run.output, places, run.output_size, stopped=run.status == "stopped")
        if run.status in ("ok", "stopped"):  # stopped: it printed past the cap; the page shows the cap's worth
            return Outcome(snippet.name, output, seconds=seconds)
        where = self._where(snippet, run)
        if run.status == "error":
            problem = f"{where}: {run.error['type']}: {run.error['message']}"
            details = run.error["traceback"]
        elif run.status == "timeout":
            problem = f"{where}: timed out after {timeout:g} s (set timeout=SECONDS on the directive if it needs longer)"
            details = run.stacks
        else:
            problem = f"{where}: the snippet's process died: {_death(run)}"
            details = run.stacks
        details = _without_engine_frames(normalize_paths(details, places))
        if older and run.status != "timeout":
            # What a reader on that version sees: what it printed, then the traceback Python prints last.
            # A timeout is not taken for that: it may say how busy this machine was rather than what
            # that JAX does, so it stays a problem (matrix.py: not compared, and the build warns).
            said = details if run.status == "error" else f"{details}\n{problem}".strip("\n")
            return Outcome(snippet.name, output + said.rstrip("\n") + "\n", seconds=seconds, failed_on=env.key)
        if output.strip():
            details += f"\nWhat it printed before that:\n{output}"
        return Outcome(snippet.name, None, problem, details, seconds)

    def _where(self, snippet: Snippet, run: Run) -> str:
        """snippets/FILE.py:LINE of the innermost frame inside the snippets folder."""
        frames = [(file, int(line)) for file, line in run.error.get("frames", [])]
        if not frames:  # a crash or timeout: faulthandler lists the innermost frame first
            frames = [(m["file"], int(m["line"])) for m in FAULTHANDLER_FRAME.finditer(run.stacks)][::-1]
        root = self.settings.snippets_dir
        inside = [(file, line) for file, line in frames if Path(file).resolve().is_relative_to(root)]
        if not inside:  # os._exit or SIGKILL leave no stack: name the file at least
            return f"snippets/{snippet.name}"
        file, line = inside[-1]
        return f"snippets/{Path(file).resolve().relative_to(root)}:{line}"


FAILED_MARK = "\x00failed on "  # prefix of a cached output that is an older JAX's error (never printable text)


def _stored(outcome: Outcome) -> str:
    return f"{FAILED_MARK}{outcome.failed_on}\n{outcome.output}" if outcome.failed_on else outcome.output


def cached_outcome(name: str, stored: str) -> Outcome:
    """The Outcome of snippet `name` that a cache entry holds (another runner's cache: pytest's
    docs items read the clean build's)."""
    shown, failed_on = _cached(stored)
    return Outcome(name, shown, cached=True, failed_on=failed_on)


def _cached(stored: str) -> tuple[str, str | None]:
    """(output, the older JAX it failed on or None) of a cache entry."""
    if stored.startswith(FAILED_MARK):
        version, _, output = stored[len(FAILED_MARK):].partition("\n")
        return output, version
    return stored, None


def _death(run: Run) -> str:
    if run.signal is not None:
        return f"killed by signal {run.signal} ({signal.Signals(run.signal).name})"
    return f"it exited with status {run.exit_code} before its end (os._exit?)"


def _without_engine_frames(stacks: str) -> str:
    return "\n".join(line for line in stacks.splitlines() if "hooks/live_engine/" not in line)
