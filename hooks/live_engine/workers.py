"""Worker processes, one per distinct JAX_* environment, kept alive and reused.

Each worker is a `zygote.py` process that imported JAX once, with the JAX_* variables
its snippets set (JAX reads them at import). It forks a fresh child for every
snippet, so running a snippet costs a fork, not a 2.6 s `import jax`; the rest of a
snippet's environment (XLA_FLAGS, read when a backend starts) is set in that child.

No snippet process outlives the pool. A worker ends every snippet it runs when the
pool closes its request pipe, and also when this process ends in any other way (the
kernel closes the pipe then); `close()` returns once the workers have done so. A
snippet that overruns its timeout is ended by its worker, or failing that by this
process, alone: the other snippets in the same worker run on.

Linux only: forking workers, pidfd_open, setsid and killpg. `check_platform` says so
in one line anywhere else.
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import Future
from pathlib import Path

from .environment import Environment, read_at_import, worker_environment

ZYGOTE = Path(__file__).with_name("zygote.py")
STARTUP_SECONDS = 180.0  # importing JAX; generous, as a loaded CI machine is slow
GRACE_SECONDS = 5.0  # past the timeout, for faulthandler's own exit, before the worker kills the snippet
BACKSTOP_SECONDS = 30.0  # past that, before this process kills the snippet itself (its worker did not)
CLOSE_SECONDS = 10.0  # a closed worker has this long to end its snippets and exit before it is killed
LOG_TAIL_BYTES = 4000  # of a worker's own stderr, quoted when it dies


class WorkerError(RuntimeError):
    """A worker could not be started, died outside any snippet, or was closed while one ran."""


class UnsupportedPlatform(RuntimeError):
    """The engine cannot run snippets on this operating system."""


def check_platform() -> None:
    """Raise UnsupportedPlatform, in one line, unless this is a Linux the workers can run on."""
    problem = None
    if sys.platform != "linux":
        problem = f"this is {platform.system() or sys.platform}"
    else:
        try:
            os.close(os.pidfd_open(os.getpid()))
        except (AttributeError, OSError) as error:
            problem = f"this Linux kernel has no pidfd_open (5.3 or newer has it): {error}"
    if problem:
        raise UnsupportedPlatform(
            f"the live engine runs snippets on Linux only (its workers fork, and it uses pidfd_open, setsid "
            f"and killpg); {problem}: build the site on Linux, in WSL 2 or in a Linux container"
        )


@dataclasses.dataclass
class Run:
    """What one snippet run produced, before normalizing."""

    status: str  # ok, error, crash, timeout, or stopped (it printed more than the cap)
    output: bytes  # at most the cap
    output_size: int  # bytes the snippet printed in all (up to where it was stopped)
    job_dir: str  # the folder the snippet ran in (already removed): normalizing needs its name
    stacks: str = ""  # faulthandler's stack dump after a crash or a timeout
    error: dict = dataclasses.field(default_factory=dict)  # type, message, traceback, frames
    exit_code: int | None = None
    signal: int | None = None


class Worker:
    """One worker process, the snippets in flight in it, and their process groups."""

    def __init__(self, env: Environment, python: str = sys.executable):
        self.env = env  # the JAX_* variables it imported JAX with
        # Its own stderr (a failed import, a crash of the worker itself): quoted if it dies.
        self.log = tempfile.TemporaryFile(prefix="live-worker-", suffix=".log")
        request_read, self._request = os.pipe()
        self._reply, reply_write = os.pipe()
        self.process = subprocess.Popen(
            [python, "-u", str(ZYGOTE), str(request_read), str(reply_write)],
            env=worker_environment(env, python),
            pass_fds=(request_read, reply_write),
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
            cwd=tempfile.gettempdir(),
            # Its own session: a Ctrl-C in the terminal reaches the engine, which closes the
            # worker; the worker ends its snippets, instead of dying before it can.
            start_new_session=True,
        )
        os.close(request_read)
        os.close(reply_write)
        self._lock = threading.Lock()
        self._pending: dict[int, Future] = {}
        self._groups: dict[int, int] = {}  # job id -> the process group its snippet runs in
        self._ids = itertools.count()
        self._ready: Future = Future()
        self._end_reason: str | None = None  # set when the engine ends the worker on purpose
        self.users = 0  # runs holding this worker; the pool retires it only at 0 (under the pool's lock)
        self._reader = threading.Thread(target=self._read_replies, daemon=True)
        self._reader.start()

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and self._end_reason is None

    def submit(self, snippet: Path, code: Path, env: Environment, job_dir: str, timeout: float,
               max_output: int, kill_after: float) -> tuple[int, Future]:
        """Start a snippet, to be killed by the worker `kill_after` seconds after its start if
        still running; returns its job id and a future of the worker's reply dict."""
        try:
            self._ready.result(timeout=STARTUP_SECONDS)
        except TimeoutError:
            raise WorkerError(f"the worker did not finish importing JAX within {STARTUP_SECONDS:.0f} s") from None
        future: Future = Future()
        with self._lock:
            if not self.alive:
                raise WorkerError("the worker process has ended")
            job_id = next(self._ids)
            self._pending[job_id] = future
            request = {"id": job_id, "snippet": str(snippet), "code": str(code), "job_dir": job_dir,
                       "env": dict(env), "timeout": timeout, "kill_after": kill_after, "max_output": max_output}
            try:
                os.write(self._request, (json.dumps(request) + "\n").encode())
            except OSError:  # it died since `alive` was checked: its pipe is broken
                del self._pending[job_id]
                raise WorkerError("the worker process has ended") from None
        return job_id, future

    def stop_job(self, job_id: int) -> None:
        """Kill one snippet's process group; the worker then reports it as ended."""
        with self._lock:
            group = self._groups.get(job_id)
        if group is not None:
            _kill_group(group)

    def close(self) -> None:
        """Stop the worker and every snippet in it; returns when they have ended."""
        self.begin_close()
        self.finish_close()

    def begin_close(self, reason: str = "the build stopped (its workers were closed) before the snippet ended") -> None:
        """Close the request pipe: the worker kills its snippets' groups, reaps them and exits.

        `reason` is what a snippet still in flight reports.
        """
        with self._lock:
            self._end_reason = self._end_reason or reason
            request, self._request = self._request, None
        if request is not None:
            os.close(request)

    def finish_close(self) -> None:
        try:
            self.process.wait(timeout=CLOSE_SECONDS)
        except subprocess.TimeoutExpired:
            self.kill()
        self._reader.join(timeout=CLOSE_SECONDS)
        self.log.close()

    def kill(self, reason: str = "the worker was killed before the snippet ended") -> None:
        """End the worker at once, and every snippet group it had started: it will not do so itself now."""
        self.begin_close(reason)
        self.process.kill()
        self.process.wait()
        with self._lock:
            groups = list(self._groups.values())
        for group in groups:
            _kill_group(group)

    def log_tail(self) -> str:
        """The end of what the worker process itself wrote to stderr."""
        try:
            size = os.fstat(self.log.fileno()).st_size
            return os.pread(self.log.fileno(), LOG_TAIL_BYTES, max(0, size - LOG_TAIL_BYTES)).decode(errors="replace")
        except (OSError, ValueError):  # closed already
            return ""

    def _read_replies(self) -> None:
        with os.fdopen(self._reply, "rb") as replies:
            for line in replies:
                message = json.loads(line)
                if "ready" in message:
                    if message["ready"]:
                        self._ready.set_result(True)
                    else:
                        self._ready.set_exception(WorkerError(f"the worker could not import JAX:\n{message['error']}"))
                elif "pid" in message:
                    with self._lock:
                        self._groups[message["id"]] = message["pid"]
                else:
                    with self._lock:
                        future = self._pending.pop(message["id"])
                        self._groups.pop(message["id"], None)
                    future.set_result(message)
        # End of file: the process is gone. Whatever was in flight fails loudly.
        error = WorkerError(self._ended(self.process.wait()))
        if not self._ready.done():
            self._ready.set_exception(error)
        with self._lock:
            pending, self._pending = self._pending, {}
        for future in pending.values():
            future.set_exception(error)

    def _ended(self, code: int) -> str:
        if self._end_reason is not None:
            return self._end_reason
        tail = self.log_tail().strip()
        said = "\n" + "\n".join("    " + line for line in tail.splitlines()) if tail else " (it wrote nothing to stderr)"
        return f"the worker process ended unexpectedly (exit status {code}); its last words:{said}"


class WorkerPool:
    """Hands out a live worker per JAX_* environment; starts, replaces and retires them."""

    def __init__(self, max_workers: int = 4, python: str = sys.executable):
        # Idle workers beyond this are retired, least recently used first; never the
        # default environment's, which serves most snippets.
        self.max_workers = max_workers
        self.python = python
        self._workers: collections.OrderedDict[Environment, Worker] = collections.OrderedDict()  # LRU first
        self._lock = threading.Lock()
        self._closed = False
        self.started = 0  # how many worker processes this pool has started, for reports and tests

    def run(self, snippet: Path, env: Environment, timeout: float, max_output: int, code: bytes | None = None) -> Run:
        """Run one snippet in a fresh child of the worker for `env`; blocks until it ends.

        `code` is what runs (the file's bytes when it was read); None reads the file now.
        """
        job_dir = tempfile.mkdtemp(prefix="live-")
        try:
            for sub in ("work", "tmp"):
                os.mkdir(os.path.join(job_dir, sub))
            code_file = Path(job_dir) / "code"
            code_file.write_bytes(snippet.read_bytes() if code is None else code)
            worker = self._checkout(env)
            try:
                submitted = worker.submit(snippet, code_file, env, job_dir, timeout, max_output,
                                          kill_after=timeout + GRACE_SECONDS)
                reply = self._wait_for(worker, submitted, timeout)
            finally:
                with self._lock:
                    worker.users -= 1
            return _collect(reply, job_dir, max_output)
        finally:
            shutil.rmtree(job_dir, ignore_errors=True)

    def close(self) -> None:
        """Close every worker; returns when no snippet process of this pool is left. Final."""
        with self._lock:
            self._closed = True
            workers, self._workers = list(self._workers.values()), collections.OrderedDict()
        for worker in workers:  # all at once: each ends its snippets in parallel
            worker.begin_close()
        for worker in workers:
            worker.finish_close()

    def _wait_for(self, worker: Worker, submitted: tuple[int, Future], timeout: float) -> dict:
        job_id, future = submitted
        patience = timeout + GRACE_SECONDS + BACKSTOP_SECONDS
        try:
            return future.result(timeout=patience)
        except TimeoutError:
            pass
        # The worker should have ended it by now. End this snippet alone; the others run on.
        worker.stop_job(job_id)
        try:
            reply = future.result(timeout=BACKSTOP_SECONDS)
        except TimeoutError:
            # The worker does not answer at all: end it, and every snippet it ran.
            with self._lock:
                if self._workers.get(worker.env) is worker:
                    del self._workers[worker.env]
            reason = (f"the worker did not answer {patience + BACKSTOP_SECONDS:.0f} s after a snippet started, "
                      f"so it was stopped")
            worker.kill(reason)
            worker.finish_close()
            raise WorkerError(reason) from None
        return reply | {"status": "timeout"} if reply.get("status") == "crash" else reply

    def _checkout(self, env: Environment) -> Worker:
        """The live worker for `env`, marked in use; starts it (and retires others) as needed."""
        key = read_at_import(env)
        finished: list[Worker] = []
        with self._lock:
            if self._closed:
                raise WorkerError("the build stopped (its workers were closed) before the snippet started")
            worker = self._workers.pop(key, None)
            if worker is not None and not worker.alive:
                finished.append(worker)  # its pipe and log are released below
                worker = None
            if worker is None:
                worker = Worker(key, self.python)
                self.started += 1
            self._workers[key] = worker  # now the most recently used
            worker.users += 1
            finished += self._retire_idle()
        for old in finished:  # outside the lock: closing waits for the process
            old.close()
        return worker

    def _retire_idle(self) -> list[Worker]:
        over = len(self._workers) - self.max_workers
        retired = []
        for key, worker in list(self._workers.items()):  # least recently used first
            if over <= 0:
                break
            if worker.users == 0 and key != ():
                retired.append(self._workers.pop(key))
                over -= 1
        return retired


def _kill_group(group: int) -> None:
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _collect(reply: dict, job_dir: str, max_output: int) -> Run:
    """Read what the worker kept of the snippet's output (at most `max_output` bytes) and its stacks."""
    output_path = os.path.join(job_dir, "output")
    output = b""
    if os.path.exists(output_path):
        with open(output_path, "rb") as file:
            output = file.read(max_output)
    stacks_path = os.path.join(job_dir, "stacks")
    stacks = Path(stacks_path).read_text(errors="replace") if os.path.exists(stacks_path) else ""
    error = {k: reply[k] for k in ("type", "message", "traceback", "frames") if k in reply}
    return Run(
        status=reply["status"], output=output, output_size=reply.get("output_size", len(output)), job_dir=job_dir,
        stacks=stacks, error=error, exit_code=reply.get("exit_code"), signal=reply.get("signal"),
    )
