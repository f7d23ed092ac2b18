"""The worker process: imports JAX once, then forks one fresh child per snippet.

Run by `workers.py` as `python -u zygote.py REQUEST_FD REPLY_FD`, with the
environment the snippets it serves set before they import JAX. It never starts a
JAX backend itself: XLA reads XLA_FLAGS when a backend starts, so each forked child
still honours the flags its snippet sets, and forking before any backend exists is
safe. A child is a pristine copy of this process, so nothing a snippet does (JAX
configuration, os.environ, cwd, modules, XLA's module counter) reaches the next one,
and a crash or a hang costs only the child.

Protocol, one JSON object per line.  Requests: {"id", "snippet", "job_dir",
"timeout"}.  Replies: {"ready": true} once, then {"id", "status", ...} per request,
where status is ok, error (the snippet raised), crash (its process died) or timeout.
The child writes its output to job_dir/output and, on error, job_dir/result.json.

Standard library and JAX only: this file runs outside the engine's package.
"""

import atexit
import faulthandler
import json
import os
import selectors
import signal
import sys
import tempfile
import time
import traceback
import types

ENGINE_DIR = os.path.dirname(os.path.abspath(__file__))
GRACE_SECONDS = 5.0  # after faulthandler's own exit at the timeout, before SIGKILL


def main(request_fd: int, reply_fd: int) -> None:
    # Never let the engine's folder (or the worker's cwd) shadow a module: sys.path[0]
    # is set per snippet, to the snippet's own folder, as `python FILE` would.
    del sys.path[0]
    try:
        import jax  # noqa: F401  (the point of this process: pay for it once)
        from jax._src import source_info_util
        # Keep this file's frames out of the source locations JAX records
        # (HLO stack-frame tables, debug-info locations): a reader's own run has none.
        source_info_util.register_exclusion(ENGINE_DIR)
    except BaseException:
        _send(reply_fd, {"ready": False, "error": traceback.format_exc()})
        return
    _send(reply_fd, {"ready": True})
    _serve(request_fd, reply_fd)


def _serve(request_fd: int, reply_fd: int) -> None:
    selector = selectors.DefaultSelector()
    selector.register(request_fd, selectors.EVENT_READ, None)
    running: dict[int, dict] = {}  # pidfd -> {"pid", "request", "deadline"}
    buffer = b""
    while True:
        deadlines = [job["deadline"] for job in running.values()]
        wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
        for key, _ in selector.select(wait):
            if key.fd == request_fd:
                chunk = os.read(request_fd, 65536)
                if not chunk:
                    return  # the engine closed the pipe: time to go
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    pidfd, job = _start(json.loads(line), request_fd, reply_fd)
                    running[pidfd] = job
                    selector.register(pidfd, selectors.EVENT_READ, None)
            else:
                job = running.pop(key.fd)
                selector.unregister(key.fd)
                _, status = os.waitpid(job["pid"], 0)
                os.close(key.fd)
                _kill_group(job["pid"])  # whatever the snippet started ends with it
                _send(reply_fd, _reply(job, status))
        for pidfd, job in running.items():
            if time.monotonic() >= job["deadline"] and not job.get("killed"):
                job["killed"] = True  # faulthandler did not end it: the C code holds on
                _kill_group(job["pid"])


def _start(request: dict, request_fd: int, reply_fd: int) -> tuple[int, dict]:
    pid = os.fork()
    if pid == 0:
        try:
            os.close(request_fd)
            os.close(reply_fd)
            _run_snippet(request)
        finally:
            os._exit(70)  # only reached if running the snippet itself broke
    deadline = time.monotonic() + request["timeout"] + GRACE_SECONDS
    return os.pidfd_open(pid), {"pid": pid, "request": request, "deadline": deadline}


def _reply(job: dict, status: int) -> dict:
    request = job["request"]
    result_file = os.path.join(request["job_dir"], "result.json")
    reply = {"id": request["id"]}
    if os.path.exists(result_file):
        with open(result_file, encoding="utf-8") as result:
            reply.update(json.load(result))
    elif job.get("killed") or _stacks(request["job_dir"]).startswith("Timeout"):
        reply["status"] = "timeout"  # faulthandler's header when dump_traceback_later fired
    elif os.WIFSIGNALED(status):
        reply.update(status="crash", signal=os.WTERMSIG(status))
    else:
        reply.update(status="crash", exit_code=os.WEXITSTATUS(status))
    return reply


def _stacks(job_dir: str) -> str:
    if not os.path.exists(os.path.join(job_dir, "stacks")):
        return ""
    with open(os.path.join(job_dir, "stacks"), encoding="utf-8", errors="replace") as stacks:
        return stacks.read()


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _run_snippet(request: dict) -> None:
    """In the forked child: become `python SNIPPET` run from the job's folder, then exit."""
    os.setsid()  # its own process group, so a timeout also ends anything it started
    job_dir, snippet = request["job_dir"], request["snippet"]
    work = os.path.join(job_dir, "work")
    os.chdir(work)
    os.environ["TMPDIR"] = tempfile.tempdir = os.path.join(job_dir, "tmp")
    _redirect_output(os.path.join(job_dir, "output"))
    stacks = open(os.path.join(job_dir, "stacks"), "w")
    faulthandler.enable(stacks)  # a segfault still tells which snippet line
    # At the timeout, write every thread's stack (so the report names the line
    # it hung on), mark the job and exit; the zygote kills it if even that fails.
    faulthandler.dump_traceback_later(request["timeout"], exit=True, file=stacks)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.argv = [snippet]
    sys.path.insert(0, os.path.dirname(snippet))
    main_module = types.ModuleType("__main__")
    main_module.__file__ = snippet
    main_module.__builtins__ = __builtins__
    sys.modules["__main__"] = main_module
    try:
        with open(snippet, "rb") as file:
            code = compile(file.read(), snippet, "exec")
        exec(code, main_module.__dict__)
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


def _redirect_output(path: str) -> None:
    """Send fds 1 and 2 to one file: print, sys.stdout.write, C++ logs and jax.debug.print alike."""
    sink = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(sink, 1)
    os.dup2(sink, 2)
    os.close(sink)
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
