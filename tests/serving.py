"""A real `mkdocs serve` in a child process, for the tests and the benchmark that edit under it.

`Served` starts it on a free port, waits for the first page, and stops it (Ctrl-C, then
SIGKILL if it lingers) on leaving; its log is kept for failure messages. `saved_to_shown`
is what an author waits for: the seconds from saving a file to the server giving a page
that shows the change. `all_outputs_in` waits for what a first serve runs behind the pages
it served at once (hooks/serve_mode/first_serve.py): the seconds until the server rebuilt with all of it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from tinysite import as_from_a_terminal, mkdocs_env


def cpu_seconds(pid: int) -> float:
    """User and system seconds of a running process so far (its own threads, not its children)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """`mkdocs serve` of the site in `folder` (its mkdocs.yml, or `config`), on `port` (default: a
    free one); pages are asked for under `mount`, the path of its `site_url` ('reading-jax-compiler/'
    for the real site)."""

    def __init__(self, folder: Path, config: str = "mkdocs.yml", mount: str = "", port: int | None = None,
                 first_page_timeout: float = 600, **variables: str):
        self.folder, self.config, self.mount, self.first_page_timeout = folder, config, mount, first_page_timeout
        self.first_page_seconds = 0.0  # from the start to the first page served, once it was
        self.first_page_cpu = 0.0  # core-seconds the server's own process had used by then
        self.variables = variables
        self.port = port or free_port()
        self.log: list[str] = []
        self.times: list[float] = []  # when each line of the log came (time.monotonic())

    def __enter__(self) -> Served:
        command = [sys.executable, "-m", "mkdocs", "serve", "-f", self.config, "-a", f"127.0.0.1:{self.port}"]
        self.started = time.monotonic()
        self.process = subprocess.Popen(as_from_a_terminal(command), cwd=self.folder, env=mkdocs_env(**self.variables),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                        start_new_session=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        try:
            self.first_page = self.wait_for("", lambda page: True, self.first_page_timeout)
        except BaseException:  # no `with` body will run, so no __exit__: stop it and close its pipe here
            self.__exit__()
            raise
        self.first_page_seconds = time.monotonic() - self.started
        self.first_page_cpu = cpu_seconds(self.process.pid)
        return self

    def __exit__(self, *exc) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)  # Ctrl-C
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._reader.join(timeout=10)
        self.process.stderr.close()

    def _read(self) -> None:
        for line in self.process.stderr:
            self.times.append(time.monotonic())
            self.log.append(line)

    def all_outputs_in(self, seconds: float = 900) -> float:
        """Once the server has rebuilt with every output its first build left running behind the
        pages (at once if it left none): the seconds from its start to the end of that rebuild."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"mkdocs serve exited ({self.process.returncode}):\n{self.logged()}")
            lines = list(self.log)
            if not any("running behind the served pages" in line for line in lines):
                return self.first_page_seconds
            # The last batch's file is written just before that line is logged, so the next build
            # (the server looks every half second) is the one that has every output.
            done = next((i for i, line in enumerate(lines) if "behind the served pages, all" in line), None)
            building = next((i for i in range(done or len(lines), len(lines))
                             if "Building documentation" in lines[i]), None) if done is not None else None
            reloaded = next((i for i in range(building, len(lines)) if "Reloading browsers" in lines[i]), None) \
                if building is not None else None
            if reloaded is not None:
                return self.times[reloaded] - self.started
            time.sleep(0.1)
        raise AssertionError(f"mkdocs serve did not have every output in within {seconds} s:\n{self.logged()}")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{self.mount}{path}"

    def get(self, path: str) -> str | None:
        """The page's text, or None while the server does not answer."""
        try:
            with urllib.request.urlopen(self.url(path), timeout=30) as response:
                return response.read().decode()
        except OSError:
            return None

    def wait_for(self, path: str, shown, seconds: float) -> str:
        """The page at `path` once `shown(text)` holds; fails naming what the server logged."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"mkdocs serve exited ({self.process.returncode}):\n{self.logged()}")
            page = self.get(path)
            if page is not None and shown(page):
                return page
            time.sleep(0.05)
        raise AssertionError(f"mkdocs serve did not show the change on /{path} within {seconds} s:\n{self.logged()}")

    def saved_to_shown(self, file: Path, text: str, path: str, marker: str, seconds: float = 120) -> float:
        """Save `text` to `file`; the seconds until the page at `path` holds `marker`."""
        saved = time.monotonic()
        file.write_text(text)
        self.wait_for(path, lambda page: marker in page, seconds)
        return time.monotonic() - saved

    def rebuilds(self) -> int:
        return sum("Reloading browsers" in line for line in self.log)

    def logged(self) -> str:
        return "".join(self.log)
