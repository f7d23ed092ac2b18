"""Worker processes, one per distinct environment, kept alive and reused.

Each worker is a `zygote.py` process that imported JAX once, with its snippets'
environment set before that import. It forks a fresh child for every snippet, so
running a snippet costs a fork, not a 2.6 s `import jax`.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import Future
from pathlib import Path

ZYGOTE = Path(__file__).with_name("zygote.py")
STARTUP_SECONDS = 180.0  # importing JAX; generous, as a loaded CI machine is slow
# Variables that change what JAX or XLA do. A reader's shell may have them set; the
# site must not depend on that, so workers see only what a snippet itself sets.
INHERITED_PREFIXES_DROPPED = ("JAX_", "XLA_", "TF_CPP_", "LIBTPU_", "TPU_", "PYTHONHASHSEED")

Environment = tuple[tuple[str, str], ...]


class WorkerError(RuntimeError):
    """A worker could not be started or died outside any snippet."""


@dataclasses.dataclass
class Run:
    """What one snippet run produced, before normalizing."""

    status: str  # ok, error, crash or timeout
    output: bytes
    output_size: int  # bytes the snippet printed in all; output holds at most the cap
    job_dir: str  # the folder the snippet ran in (already removed): normalizing needs its name
    stacks: str = ""  # faulthandler's stack dump after a crash or a timeout
    error: dict = dataclasses.field(default_factory=dict)  # type, message, traceback, frames
    exit_code: int | None = None
    signal: int | None = None


def worker_environment(env: Environment) -> dict[str, str]:
    """The process environment of a worker serving snippets that set `env`."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(INHERITED_PREFIXES_DROPPED)}
    # A fixed hash seed keeps set and dict-of-set orders the same from build to build.
    return base | {"PYTHONHASHSEED": "0"} | dict(env)


class Zygote:
    """One worker process and the snippets in flight in it."""

    def __init__(self, env: Environment, python: str = sys.executable):
        self.env = env
        request_read, self._request = os.pipe()
        self._reply, reply_write = os.pipe()
        self.process = subprocess.Popen(
            [python, "-u", str(ZYGOTE), str(request_read), str(reply_write)],
            env=worker_environment(env),
            pass_fds=(request_read, reply_write),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=tempfile.gettempdir(),
        )
        os.close(request_read)
        os.close(reply_write)
        self._lock = threading.Lock()
        self._pending: dict[int, Future] = {}
        self._ids = itertools.count()
        self._ready: Future = Future()
        self._reader = threading.Thread(target=self._read_replies, daemon=True)
        self._reader.start()

    @property
    def busy(self) -> int:
        return len(self._pending)

    def submit(self, snippet: Path, job_dir: str, timeout: float) -> Future:
        """Start a snippet; the future yields the worker's reply dict."""
        self._ready.result(timeout=STARTUP_SECONDS)
        future: Future = Future()
        with self._lock:
            if not self.alive:
                raise WorkerError("the worker process has ended")
            job_id = next(self._ids)
            self._pending[job_id] = future
            request = {"id": job_id, "snippet": str(snippet), "job_dir": job_dir, "timeout": timeout}
            os.write(self._request, (json.dumps(request) + "\n").encode())
        return future

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        """Stop the worker: closing its request pipe ends it; kill it if it lingers."""
        try:
            os.close(self._request)
        except OSError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def _read_replies(self) -> None:
        with os.fdopen(self._reply, "rb") as replies:
            for line in replies:
                message = json.loads(line)
                if "ready" in message:
                    if message["ready"]:
                        self._ready.set_result(True)
                    else:
                        self._ready.set_exception(WorkerError(f"the worker could not import JAX:\n{message['error']}"))
                    continue
                with self._lock:
                    future = self._pending.pop(message["id"])
                future.set_result(message)
        # End of file: the process is gone. Whatever was in flight fails loudly.
        code = self.process.wait()
        error = WorkerError(f"the worker process ended unexpectedly (exit status {code})")
        if not self._ready.done():
            self._ready.set_exception(error)
        with self._lock:
            pending, self._pending = self._pending, {}
        for future in pending.values():
            future.set_exception(error)


class WorkerPool:
    """Hands out a live worker per environment; starts, replaces and retires them."""

    def __init__(self, max_workers: int = 4, python: str = sys.executable):
        self.max_workers = max_workers  # idle workers beyond this are retired, oldest first
        self.python = python
        self._workers: dict[Environment, Zygote] = {}
        self._lock = threading.Lock()
        self.started = 0  # how many worker processes this pool has started, for reports and tests

    def run(self, snippet: Path, env: Environment, timeout: float, max_output: int) -> Run:
        """Run one snippet in a fresh child of the worker for `env`; blocks until it ends."""
        job_dir = tempfile.mkdtemp(prefix="live-")
        try:
            for sub in ("work", "tmp"):
                os.mkdir(os.path.join(job_dir, sub))
            worker = self._worker(env)
            try:
                # The worker enforces the timeout itself; this is the backstop if it hangs too.
                reply = worker.submit(snippet, job_dir, timeout).result(timeout=timeout + 60)
            except TimeoutError:
                worker.process.kill()
                raise WorkerError(f"the worker did not answer within {timeout + 60:.0f} s and was killed") from None
            return _collect(reply, job_dir, max_output)
        finally:
            shutil.rmtree(job_dir, ignore_errors=True)

    def close(self) -> None:
        with self._lock:
            workers, self._workers = list(self._workers.values()), {}
        for worker in workers:
            worker.close()

    def _worker(self, env: Environment) -> Zygote:
        with self._lock:
            worker = self._workers.get(env)
            if worker is None or not worker.alive:
                worker = self._workers[env] = Zygote(env, self.python)
                self.started += 1
                self._retire_idle()
            return worker

    def _retire_idle(self) -> None:
        for env in list(self._workers)[: max(0, len(self._workers) - self.max_workers)]:
            if self._workers[env].busy == 0:
                self._workers.pop(env).close()


def _collect(reply: dict, job_dir: str, max_output: int) -> Run:
    """Read what the child left in its job folder, reading at most `max_output` bytes of output."""
    output_path = os.path.join(job_dir, "output")
    size = os.path.getsize(output_path) if os.path.exists(output_path) else 0
    output = b""
    if size:
        with open(output_path, "rb") as file:
            output = file.read(max_output)
    stacks_path = os.path.join(job_dir, "stacks")
    stacks = Path(stacks_path).read_text(errors="replace") if os.path.exists(stacks_path) else ""
    error = {k: reply[k] for k in ("type", "message", "traceback", "frames") if k in reply}
    return Run(
        status=reply["status"], output=output, output_size=size, job_dir=job_dir, stacks=stacks,
        error=error, exit_code=reply.get("exit_code"), signal=reply.get("signal"),
    )
