"""The worker process: imports JAX once, then forks one fresh child per snippet.

Run by `workers.py` as `python -u zygote.py REQUEST_FD REPLY_FD`, with the JAX_*
variables its snippets set already in its environment, as JAX reads them at import.
It never starts a JAX backend, and it lowers nothing, before it forks: XLA reads
XLA_FLAGS when a backend starts, so each child still honours the flags its snippet
sets (they are set in the child); and a fork after XLA has started its thread pools
(any lowering does) can deadlock the child. A child is a pristine copy of this
process, so nothing a snippet does (JAX configuration, os.environ, cwd, modules,
XLA's module counter) reaches the next one, and a crash or a hang costs only the child.

Protocol, one JSON object per line.  Requests: {"id", "snippet", "code", "job_dir",
"env", "timeout", "kill_after", "max_output"}.  Replies: {"ready": true} once; then
for each request {"id", "pid"} as soon as its child exists (the snippet's process
group, which the engine may end itself), and {"id", "status", "output_size", ...}
when it has ended, where status is ok, error (the snippet raised), crash (its
process died), timeout, or stopped (it printed more than max_output bytes and was
stopped there). The child runs the bytes in `code` (never the file as it is now),
and writes its traceback, on error, to job_dir/result.json; what it prints comes
here through a pipe, and at most max_output bytes of it go to job_dir/output.

No snippet process outlives this one. The engine holds the only write end of the
request pipe: when it closes it, or the engine process ends in any way (Ctrl-C,
SIGTERM, SIGHUP, SIGKILL), this process reads end of file, kills every snippet's
process group, reaps the children and exits. SIGTERM or SIGHUP sent to this
process do the same, and each child is killed by the kernel if this process dies.

Standard library and JAX only: this file runs outside the engine's package.
"""

import atexit
import faulthandler
import importlib.util
import json
import linecache
import os
import select
import selectors
import signal
import sys
import tempfile
import time
import traceback
import types

ENGINE_DIR = os.path.dirname(os.path.abspath(__file__))
REAP_SECONDS = 5.0  # after killing every group at the end: how long to wait for each child to be reapable
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def main(request_fd: int, reply_fd: int) -> None:
    # Never let the engine's folder (or the worker's cwd) shadow a module: sys.path[0]
    # is set per snippet, to the snippet's own folder, as `python FILE` would.
    del sys.path[0]
    for stop in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop, _stop)
    try:
        import jax  # noqa: F401  (the point of this process: pay for it once)
    except BaseException:
        _send(reply_fd, {"ready": False, "error": traceback.format_exc()})
        return
    try:
        from jax._src import source_info_util
        # Keep this file's frames out of the source locations JAX records
        # (HLO stack-frame tables, debug-info locations): a reader's own run has none.
        source_info_util.register_exclusion(ENGINE_DIR)
    except (ImportError, AttributeError):
        pass  # an older JAX (the version matrix) without it: its outputs may name this file
    _send(reply_fd, {"ready": True})
    jobs: dict[int, Job] = {}  # by the child's pidfd
    try:
        _serve(request_fd, reply_fd, jobs)
    finally:
        _end_all(jobs)


def _stop(signum, frame):
    raise SystemExit(0)  # unwinds to main's `finally`, which ends every snippet first


class Job:
    """One snippet's child process, its output pipe, and what has happened to it."""

    def __init__(self, request: dict, pid: int, output_fd: int):
        self.request = request
        self.pid = pid  # also its process group: the child calls setsid()
        self.pidfd = os.pidfd_open(pid)  # works on a zombie: the child is not reaped before this
        self.output_fd: int | None = output_fd  # read end of the pipe its fds 1 and 2 write to
        self.output = open(os.path.join(request["job_dir"], "output"), "wb")
        self.max_output = request["max_output"]
        self.printed = 0  # bytes it printed so far, kept or not
        self.deadline = time.monotonic() + request["kill_after"]
        self.killed = False  # by this process at the deadline: faulthandler did not end it
        self.stopped = False  # by this process, for printing more than max_output

    def fds(self) -> list[int]:
        return [fd for fd in (self.pidfd, self.output_fd, self.output.fileno()) if fd is not None]


def _serve(request_fd: int, reply_fd: int, jobs: dict) -> None:
    selector = selectors.DefaultSelector()
    selector.register(request_fd, selectors.EVENT_READ, None)
    buffer = b""
    while True:
        # A job already killed has no deadline left: its pidfd wakes us when it is gone.
        deadlines = [job.deadline for job in jobs.values() if not job.killed]
        wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
        for key, _ in selector.select(wait):
            if key.data is None:
                chunk = os.read(request_fd, 65536)
                if not chunk:
                    return  # the engine closed the pipe, or ended: main's `finally` ends every snippet
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    inherited = [request_fd, reply_fd, selector.fileno(), *(fd for j in jobs.values() for fd in j.fds())]
                    job = _start(json.loads(line), inherited)
                    jobs[job.pidfd] = job
                    selector.register(job.pidfd, selectors.EVENT_READ, ("ended", job))
                    selector.register(job.output_fd, selectors.EVENT_READ, ("printed", job))
                    _send(reply_fd, {"id": job.request["id"], "pid": job.pid})
            elif key.data[0] == "printed":
                _read_output(key.data[1], selector)
            else:
                job = key.data[1]
                status = _finish(job, selector)
                del jobs[job.pidfd]
                os.close(job.pidfd)
                _send(reply_fd, _reply(job, status))
        now = time.monotonic()
        for job in jobs.values():
            if not job.killed and now >= job.deadline:
                job.killed = True
                _kill_group(job.pid)


def _start(request: dict, inherited: list[int]) -> "Job":
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            # The child needs none of the worker's descriptors: its siblings' pidfds and
            # pipes, the selector, the engine's pipes. Holding them would keep them open
            # after the worker closed them.
            for fd in (read_end, *inherited):
                os.close(fd)
            _run_snippet(request, write_end)
        finally:
            os._exit(70)  # only reached if running the snippet itself broke
    os.close(write_end)
    os.set_blocking(read_end, False)
    return Job(request, pid, read_end)


def _read_output(job: Job, selector) -> bool:
    """Move what the child printed into its output file, up to the cap; True if more may be waiting."""
    if job.output_fd is None:
        return False
    try:
        data = os.read(job.output_fd, 65536)
    except BlockingIOError:
        return False
    if not data:  # every process that could write to it has ended
        _close_output(job, selector)
        return False
    room = job.max_output - job.printed
    if room > 0:
        job.output.write(data[:room])
    job.printed += len(data)
    if job.printed > job.max_output and not job.stopped:
        job.stopped = True  # bounded on disk: it does not get to print on until its timeout
        _kill_group(job.pid)
    return True


def _close_output(job: Job, selector) -> None:
    selector.unregister(job.output_fd)
    os.close(job.output_fd)
    job.output_fd = None


def _finish(job: Job, selector) -> int:
    """The child has exited: end what it left running, reap it, keep what it printed last."""
    _kill_group(job.pid)  # kill first: while the child is unreaped, its pid (the group's id) is still ours
    _, status = os.waitpid(job.pid, 0)
    selector.unregister(job.pidfd)
    while _read_output(job, selector):
        pass
    if job.output_fd is not None:  # a process that left the group still holds the pipe: stop listening
        _close_output(job, selector)
    job.output.close()
    return status


def _reply(job: Job, status: int) -> dict:
    request = job.request
    result_file = os.path.join(request["job_dir"], "result.json")
    reply = {"id": request["id"], "output_size": job.printed}
    if os.path.exists(result_file):
        with open(result_file, encoding="utf-8") as result:
            reply.update(json.load(result))
    elif job.stopped:
        reply["status"] = "stopped"
    elif job.killed or _stacks(request["job_dir"]).startswith("Timeout"):
        reply["status"] = "timeout"  # faulthandler's header when dump_traceback_later fired
    elif os.WIFSIGNALED(status):
        reply.update(status="crash", signal=os.WTERMSIG(status))
    else:
        reply.update(status="crash", exit_code=os.WEXITSTATUS(status))
    return reply


def _end_all(jobs: dict) -> None:
    """Kill every snippet's process group, then reap the children (briefly: this process is ending)."""
    for job in jobs.values():
        _kill_group(job.pid)
    deadline = time.monotonic() + REAP_SECONDS
    for job in jobs.values():
        # SIGKILL acts at once, except on a process in uninterruptible sleep, which dies when it leaves it.
        if select.select([job.pidfd], [], [], max(0.0, deadline - time.monotonic()))[0]:
            os.waitpid(job.pid, 0)


def _stacks(job_dir: str) -> str:
    if not os.path.exists(os.path.join(job_dir, "stacks")):
        return ""
    with open(os.path.join(job_dir, "stacks"), encoding="utf-8", errors="replace") as stacks:
        return stacks.read()


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process if the worker dies, however it dies."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the worker died before the request took effect
        os._exit(70)


def _run_snippet(request: dict, output_fd: int) -> None:
    """In the forked child: become `python SNIPPET` run from the job's folder, then exit."""
    parent = os.getppid()
    os.setsid()  # its own process group, so a timeout also ends anything it started
    _die_with_parent(parent)
    for name in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(name, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.environ.update(request["env"])  # XLA_FLAGS and the rest: read when the snippet starts a backend
    job_dir, snippet = request["job_dir"], request["snippet"]
    work = os.path.join(job_dir, "work")
    os.chdir(work)
    os.environ["TMPDIR"] = tempfile.tempdir = os.path.join(job_dir, "tmp")
    _redirect_output(output_fd)
    stacks = open(os.path.join(job_dir, "stacks"), "w")
    faulthandler.enable(stacks)  # a segfault still tells which snippet line
    # At the timeout, write every thread's stack (so the report names the line
    # it hung on), mark the job and exit; the zygote kills it if even that fails.
    faulthandler.dump_traceback_later(request["timeout"], exit=True, file=stacks)
    sys.argv = [snippet]
    folder = os.path.dirname(snippet)
    sys.path.insert(0, folder)
    sys.path_hooks.insert(0, _source_only_finder(folder))
    main_module = types.ModuleType("__main__")
    main_module.__file__ = snippet
    main_module.__builtins__ = __builtins__
    sys.modules["__main__"] = main_module
    try:
        with open(request["code"], "rb") as file:
            code = file.read()
        # Tracebacks quote the lines that ran, even if the file was saved since.
        lines = importlib.util.decode_source(code).splitlines(keepends=True)
        linecache.cache[snippet] = (len(code), None, lines, snippet)
        exec(compile(code, snippet, "exec"), main_module.__dict__)
        atexit._run_exitfuncs()  # what a normal interpreter exit runs (JAX waits for its effects here)
        result = {"status": "ok"}
    except BaseException as error:  # SystemExit too: a snippet must run to its end
        result = _describe(error)
    faulthandler.cancel_dump_traceback_later()
    sys.stdout.flush()
    sys.stderr.flush()
    with open(os.path.join(job_dir, "result.json"), "w", encoding="utf-8") as out:
        json.dump(result, out)
    os._exit(0)


def _source_only_finder(folder: str):
    """A path hook that imports modules in the snippet's folder (packages too) from source, always.

    A .pyc in __pycache__ (left by an earlier run, or by the reader's own) is judged
    current by the source's mtime in whole seconds and its size, which an edit saved
    within the same second that keeps the size fools: the old module would run under
    the new module's cache key. Reading no bytecode means writing none into the checkout.
    Other folders (the standard library, site-packages) keep their bytecode.
    """
    from importlib import machinery

    class SourceOnly(machinery.SourceFileLoader):
        def path_stats(self, path):
            raise OSError("no bytecode for local modules")  # get_code then compiles the source

    def finder(path: str):
        if path != folder and not path.startswith(folder + os.sep):
            raise ImportError  # not ours: the next hook decides
        return machinery.FileFinder(path, (SourceOnly, machinery.SOURCE_SUFFIXES))

    return finder


def _redirect_output(output_fd: int) -> None:
    """Send fds 1 and 2 into one pipe: print, sys.stdout.write, C++ logs and jax.debug.print alike."""
    os.dup2(output_fd, 1)
    os.dup2(output_fd, 2)
    os.close(output_fd)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)


def _describe(error: BaseException) -> dict:
    frames = [
        (frame.filename, frame.lineno)
        for frame in traceback.extract_tb(error.__traceback__)
        if not frame.filename.startswith(ENGINE_DIR + os.sep)
    ]
    if isinstance(error, SyntaxError) and error.filename:
        frames.append((error.filename, error.lineno or 0))
    lines = traceback.format_exception(error)
    # Drop the engine's own frames from the printed traceback as well.
    shown = [line for line in lines if f'"{ENGINE_DIR}{os.sep}' not in line]
    message = str(error)
    if isinstance(error, SystemExit):
        message = f"the snippet called sys.exit({error.code!r}) before its end; let it run to the end instead"
    return {
        "status": "error",
        "type": type(error).__name__,
        "message": message,
        "traceback": "".join(shown),
        "frames": frames,
    }


def _send(fd: int, message: dict) -> None:
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(fd, data):]


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
