"""Tiny projects and sites in temporary folders, shared by the engine's tests.

A *project* is what the engine needs (snippets/, an optional [tool.live]); a *site*
adds an mkdocs.yml that loads the real hook, and chapters. `mkdocs_build` builds one
in a child process, with the project's own cache: nothing comes from the caller's shell.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "hooks" / "live.py"


def write_files(folder: Path, files: dict[str, str]) -> None:
    """Write each (dedented) text to folder/NAME, making folders as needed."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def make_project(folder: Path, snippets: dict[str, str] | None = None, tool_live: str = "") -> Path:
    """folder/snippets/ holding `snippets`, and a pyproject.toml with `tool_live` as [tool.live]."""
    (folder / "snippets").mkdir(parents=True, exist_ok=True)
    write_files(folder / "snippets", snippets or {})
    (folder / "pyproject.toml").write_text(f"[tool.live]\n{textwrap.dedent(tool_live)}")
    return folder


def make_site(folder: Path, pages: dict[str, str], snippets: dict[str, str], tool_live: str = "") -> Path:
    """A project whose mkdocs.yml loads the real hook, with `pages` under docs/."""
    make_project(folder, snippets, tool_live)
    (folder / "mkdocs.yml").write_text(textwrap.dedent(f"""\
        site_name: tiny
        hooks: [{HOOK}]
        markdown_extensions: [md_in_html, pymdownx.superfences, pymdownx.highlight]
    """))
    write_files(folder / "docs", pages)
    return folder


def make_notebook_site(folder: Path, notebook_bytes: bytes) -> Path:
    """A site as the real one renders notebooks (mkdocs-jupyter, material), holding docs/tiny.ipynb."""
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "index.md").write_text("# Home\n")
    (folder / "docs" / "tiny.ipynb").write_bytes(notebook_bytes)
    (folder / "mkdocs.yml").write_text(textwrap.dedent(f"""\
        site_name: tiny
        theme: {{name: material, font: false}}  # as the real site: no web fonts
        plugins:
          - search
          - mkdocs-jupyter:
              include: ["*.ipynb"]
              execute: false
              include_source: true
              custom_mathjax_url: "data:text/javascript,"
              cache: false
        hooks: [{HOOK}]
        nav: [index.md, tiny.ipynb]
    """))
    return folder


def notebook(*cells: tuple[str, str]) -> bytes:
    """A notebook file's bytes from (kind, source) pairs."""
    return json.dumps({
        "cells": [{"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": source,
                   **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                  for i, (kind, source) in enumerate(cells)],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }).encode()


def mkdocs_env(**variables: str) -> dict[str, str]:
    """The environment of an `mkdocs` child process: this one's, quiet, plus `variables`."""
    return os.environ | {"NO_MKDOCS_2_WARNING": "1"} | variables


# A shell started by nohup, cron or some CI runners ignores SIGINT and SIGHUP, and a child
# inherits ignored signals (through exec too): a build started from there would shrug off
# the Ctrl-C a test sends. A terminal starts its programs with default dispositions, so
# this launcher restores them, then becomes the command.
_WITH_DEFAULT_SIGNALS = ("import os, signal, sys\n"
                         "for name in ('SIGINT', 'SIGHUP', 'SIGTERM', 'SIGQUIT'):\n"
                         "    signal.signal(getattr(signal, name), signal.SIG_DFL)\n"
                         "os.execv(sys.argv[1], sys.argv[1:])\n")


def as_from_a_terminal(command: list[str]) -> list[str]:
    """`command`, started with every terminal signal at its default, whatever this process ignores."""
    return [sys.executable, "-c", _WITH_DEFAULT_SIGNALS, *command]


def mkdocs_build(folder: Path, *args: str, **variables: str) -> subprocess.CompletedProcess:
    """`mkdocs build ARGS` in `folder`; its cache is the project's own (.cache/live)."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", *args], cwd=folder, env=mkdocs_env(**variables),
                          capture_output=True, text=True, timeout=300)


def alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie (an orphan's zombie may wait long for its reaper)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def all_end_within(pids: list[int], seconds: float) -> list[int]:
    """Wait up to `seconds` for every pid to end; return those still running (killed now, so none leaks)."""
    deadline = time.monotonic() + seconds
    while any(map(alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in pids if alive(pid)]
    for pid in left:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
    return left


def wait_for_file(path: Path, seconds: float) -> str:
    """The file's text once it exists and ends with a newline (written in full)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and (text := path.read_text()).endswith("\n"):
            return text
        time.sleep(0.05)
    raise AssertionError(f"{path} was not written within {seconds} s")
