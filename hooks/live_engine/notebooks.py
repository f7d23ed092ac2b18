"""Jupyter notebooks among the chapters: executed once, normalized, cached like snippets.

A notebook is committed without outputs. At build time it runs top to bottom in a
fresh kernel (this venv's Python), in an empty temporary folder, with the same
clean environment as snippet workers, so it shows what a reader who downloads it
and runs it gets. Every output then goes through the snippets' normalizing:
machine paths, temporary folders and addresses never reach the page.

The executed notebook is cached, keyed on the notebook's bytes (read once: what
runs is what was hashed), the installed packages, the toolchain and the engine's
source, so a rebuild with nothing changed starts no kernel. A cell
that raises stops the build with the notebook, the cell and the error.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from . import ENGINE_VERSION
from .cache import CACHED_ONLY_VARIABLE, NotCachedError, ResultCache, installed_packages, toolchain
from .environment import worker_environment
from .normalize import Places, normalize_paths, to_text
from .progress import Log, progress

KERNEL_NAME = "python3"
# ipykernel names each cell's code file <tmp>/ipykernel_<pid>/<hash>.py; the hash is
# the cell's code, the pid changes on every run.
KERNEL_PID = re.compile(r"\bipykernel_\d+\b")
TEXT_MIME = re.compile(r"^text/|^application/(json|javascript)$|\+json$|\+xml$")


class NotebookError(RuntimeError):
    """A notebook could not be executed: the message names the notebook, the cell and the error."""


@dataclasses.dataclass
class NotebookRun:
    """An executed, normalized notebook (nbformat JSON as a dict), and where it came from."""

    name: str  # as the build names it: docs/case-study.ipynb
    notebook: dict
    key: str
    cached: bool
    seconds: float = 0.0


def notebook_key(source: bytes, name: str) -> str:
    """Hash of the notebook's bytes, the installed packages, the toolchain and the engine's source."""
    material = {
        "engine": ENGINE_VERSION,
        "toolchain": toolchain(),
        "packages": installed_packages(),
        "python_build": sys.version,
        "kernel": KERNEL_NAME,
        "name": name,
        "digest": hashlib.sha256(source).hexdigest(),
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()


def executed(path: Path, name: str, root: Path, cache: ResultCache | None, timeout: float,
             log: Log | None = None) -> NotebookRun:
    """The executed notebook at `path`: from the cache when its key is there, else run now and cached.

    With `log`, progress lines go there while the cells run.
    """
    source = path.read_bytes()
    key = notebook_key(source, name)
    if cache is not None:
        text = cache.get(key)
        if text is not None:
            return NotebookRun(name, json.loads(text), key, cached=True)
        if os.environ.get(CACHED_ONLY_VARIABLE):
            raise NotCachedError(f"{CACHED_ONLY_VARIABLE} is set, but the executed notebook {name} is not in the cache: "
                                 f"the job that runs it did not, for this commit: run it again, or unset "
                                 f"{CACHED_ONLY_VARIABLE} to run it here.")
    started = time.monotonic()
    notebook = execute(source, name, root, timeout, log)
    if cache is not None:
        cache.put(key, json.dumps(notebook, sort_keys=True))
    return NotebookRun(name, notebook, key, cached=False, seconds=time.monotonic() - started)


def execute(source: bytes, name: str, root: Path, timeout: float, log: Log | None = None) -> dict:
    """Run every cell of the notebook in a fresh kernel; return it normalized, or raise NotebookError."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    try:
        notebook = nbformat.reads(source.decode("utf-8"), as_version=4)
    except Exception as error:  # nbformat raises several kinds for a broken file
        raise NotebookError(f"{name}: not a readable notebook: {type(error).__name__}: {error}") from None
    run_dir = Path(tempfile.mkdtemp(prefix="live-nb-"))
    work, tmp = run_dir / "work", run_dir / "tmp"
    work.mkdir()
    tmp.mkdir()
    places = Places(root, work, (tmp,))
    client = NotebookClient(notebook, timeout=timeout, kernel_name=KERNEL_NAME, allow_errors=False,
                            record_timing=False, resources={"metadata": {"path": str(work)}})
    cell_index = -1
    kernel_log = run_dir / "kernel.log"  # the kernel's own stderr: start-up notices, a crash's last words
    reporter = progress(f"cells of {name}", len(notebook.cells), log)
    try:
        with open(kernel_log, "wb") as kernel_stderr, reporter or contextlib.nullcontext(), \
                client.setup_kernel(env=kernel_environment(run_dir), cwd=str(work), stderr=kernel_stderr):
            for cell_index, cell in enumerate(notebook.cells):
                client.execute_cell(cell, cell_index)
                if reporter:
                    reporter.step()
    except CellExecutionError as error:
        shown = [o for o in notebook.cells[cell_index].get("outputs", []) if o.get("output_type") == "error"]
        details = "\n".join(shown[-1].get("traceback", [])) if shown else str(error)
        raise NotebookError(_cell_report(name, notebook, cell_index, f"{error.ename}: {error.evalue}",
                                         details, places)) from None
    except CellTimeoutError:
        raise NotebookError(_cell_report(name, notebook, cell_index,
                                         f"timed out after {timeout:g} s", "", places)) from None
    except (DeadKernelError, RuntimeError) as error:  # RuntimeError: the kernel did not start
        raise NotebookError(_cell_report(name, notebook, cell_index, f"the kernel died: {error}",
                                         kernel_log.read_text(errors="replace")[-4000:], places)) from None
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
    return normalize_notebook(nbformat.from_dict(notebook), places)


def kernel_environment(run_dir: Path) -> dict[str, str]:
    """What a snippet worker gets, plus folders that keep the kernel's files inside `run_dir`."""
    ipython = run_dir / "ipython"
    ipython.mkdir(exist_ok=True)
    return worker_environment(()) | {
        "TMPDIR": str(run_dir / "tmp"),  # ipykernel's cell files and anything the cells make
        "IPYTHONDIR": str(ipython),  # no history database in the reader's home
        "JUPYTER_PLATFORM_DIRS": "1",
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",  # the debugger's start-up notice on stderr
    }


def normalize_text(text: str, places: Places) -> str:
    """One output's text as the page shows it: the snippets' rules, plus ipykernel's pid."""
    return KERNEL_PID.sub("ipykernel_<pid>", normalize_paths(to_text(text.encode("utf-8")), places))


def normalize_notebook(notebook: dict, places: Places) -> dict:
    """A copy of the executed notebook with every output text normalized and no timing metadata."""
    notebook = copy.deepcopy(notebook)
    for cell in notebook.get("cells", []):
        cell.get("metadata", {}).pop("execution", None)
        if "outputs" in cell:
            cell["outputs"] = merged_streams(cell["outputs"])
        for output in cell.get("outputs", []):
            kind = output.get("output_type")
            if kind == "stream":
                output["text"] = normalize_text(_joined(output["text"]), places)
            elif kind in ("execute_result", "display_data"):
                data = output.get("data", {})
                for mime, value in data.items():
                    if TEXT_MIME.search(mime) and isinstance(value, (str, list)):
                        data[mime] = normalize_text(_joined(value), places)
            elif kind == "error":
                output["ename"] = normalize_text(output.get("ename", ""), places)
                output["evalue"] = normalize_text(output.get("evalue", ""), places)
                output["traceback"] = [normalize_text(line, places) for line in output.get("traceback", [])]
    return json.loads(json.dumps(notebook))  # plain dicts and lists, as JSON has them


def merged_streams(outputs: list[dict]) -> list[dict]:
    """Outputs with each run of stream outputs made one output per stream, stdout first.

    How the kernel cuts a cell's printing into stream messages depends on when its
    flushing thread wakes: the same cell gives one `stdout` output in one run and two
    in the next, and its stdout and stderr chunks interleave differently. Neither is
    part of what the cell printed. Anything else (a displayed value, an error) is
    sent after the streams are flushed, so it stays where it was.
    """
    merged: list[dict] = []
    run: dict[str, dict] = {}  # the current run of stream outputs, by stream name
    for output in outputs:
        if output.get("output_type") != "stream":
            merged += _stream_run(run)
            run = {}
            merged.append(output)
            continue
        name = output.get("name", "stdout")
        if name in run:
            run[name]["text"] += _joined(output.get("text", ""))
        else:
            run[name] = dict(output, text=_joined(output.get("text", "")))
    return merged + _stream_run(run)


def _stream_run(run: dict[str, dict]) -> list[dict]:
    return [run[name] for name in sorted(run, key=lambda name: (name != "stdout", name))]


def with_links_cell(notebook: dict, markdown: str) -> dict:
    """A copy with a Markdown cell inserted after the first cell (the title)."""
    notebook = copy.deepcopy(notebook)
    cell = {"cell_type": "markdown", "id": "site-links", "metadata": {}, "source": markdown}
    notebook["cells"].insert(1 if notebook["cells"] else 0, cell)
    return notebook


def with_failure_cell(notebook: dict, report: str) -> dict:
    """A copy with a Markdown cell on top that shows why the notebook could not be executed."""
    notebook = copy.deepcopy(notebook)
    fence = "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", report)), default=0))
    cell = {"cell_type": "markdown", "id": "live-failure", "metadata": {},
            "source": f"**This notebook failed to run.** `mkdocs serve` shows it unexecuted; `mkdocs build` "
                      f"stops on it.\n\n{fence}text\n{report}\n{fence}"}
    notebook["cells"].insert(0, cell)
    return notebook


def with_running_cell(notebook: dict) -> dict:
    """A copy with a Markdown cell on top that says the notebook is running behind the served pages."""
    notebook = copy.deepcopy(notebook)
    cell = {"cell_type": "markdown", "id": "live-running", "metadata": {},
            "source": "**Not yet run on this machine.** The notebook is committed without outputs, and it is "
                      "running now in a fresh kernel, behind the pages `mkdocs serve` already serves; this page "
                      "reloads with its outputs when it is done."}
    notebook["cells"].insert(0, cell)
    return notebook


def read_notebook(path: Path) -> dict:
    """The notebook file as JSON, or an empty notebook if even that fails (its error is shown anyway)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def write_notebook(notebook: dict, path: Path) -> None:
    """Write atomically, byte for byte the same for the same notebook."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".writing-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _joined(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _cell_report(name: str, notebook, index: int, problem: str, details: str, places: Places) -> str:
    """docs/X.ipynb: cell N (code cell M, first line `...`): Error: message, then the traceback."""
    cells = notebook.cells
    if 0 <= index < len(cells):
        code_number = sum(1 for cell in cells[: index + 1] if cell.cell_type == "code")
        first_line = next((line for line in _joined(cells[index].source).splitlines() if line.strip()), "")
        where = f"{name}: cell {index + 1} (code cell {code_number}, starting `{first_line.strip()}`)"
    else:
        where = f"{name}: before the first cell"
    report = f"{where}: {normalize_text(problem, places)}"
    details = normalize_text(details, places).rstrip()
    if details:
        report += "\n" + "\n".join("    " + line for line in details.splitlines())
    return report
