"""Temporary copies of the project for the benchmark: scaled up, or with outputs baked in.

Nothing here touches the checkout: each function writes a new project folder under a
temporary directory and returns it. The copies use the checkout's Python environment.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "hooks"))
from live_engine.cache import toolchain  # noqa: E402

SKIPPED = shutil.ignore_patterns(".git", ".venv", ".cache", "site", "scratch", "__pycache__", "records")
DIRECTIVE = re.compile(r"<!--\s*live:.*?-->")
SNIPPET_NAME = re.compile(r"[\w./-]+\.py\b")
CAPTURE_HOOK = '''\
"""Benchmark only: save every page's Markdown as the hooks before it left it, and the executed notebook."""
import shutil
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "captured"


def on_page_markdown(markdown, page, config, files):
    target = OUT / page.file.src_uri
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(markdown, encoding="utf-8")
    return markdown


def on_files(files, config):
    # Runs after hooks/live.py's on_files, which pointed each notebook at its executed copy.
    for file in files:
        if file.src_uri.endswith(".ipynb"):
            target = OUT / file.src_uri
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file.abs_src_path, target)
    return files
'''


def copy_project(folder: Path) -> Path:
    """The project's sources (no caches, no built site, no git) in `folder`/project."""
    project = folder / "project"
    shutil.copytree(ROOT, project, ignore=SKIPPED, symlinks=True)
    return project


def scaled(folder: Path, factor: int) -> Path:
    """A copy whose every chapter and snippet the site shows appears `factor` times.

    Copy N of a chapter is docs/<name>-copyN.md; each snippet its directives name is
    copied next to itself as <stem>_copyN.py, with one comment line added so that its
    bytes (and so its cache key) differ. Copies are left out of the navigation, which
    the copy's mkdocs.yml allows (omitted_files: info).
    """
    project = copy_project(folder)
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("omitted_files: warn", "omitted_files: info"),
                      encoding="utf-8")
    for chapter in sorted((project / "docs").glob("*.md")):
        text = chapter.read_text(encoding="utf-8")
        if not DIRECTIVE.search(text):
            continue
        for copy in range(1, factor):
            def renamed(match: re.Match, copy=copy) -> str:
                return SNIPPET_NAME.sub(lambda name: _copied_snippet(project, name.group(), copy), match.group())
            (chapter.parent / f"{chapter.stem}-copy{copy}.md").write_text(DIRECTIVE.sub(renamed, text),
                                                                           encoding="utf-8")
    return project


def _copied_snippet(project: Path, name: str, copy: int) -> str:
    source = project / "snippets" / name
    if not source.is_file():
        return name  # not a snippet (a file named in an option's text): leave it
    target = source.with_name(f"{source.stem}_copy{copy}.py")
    if not target.exists():
        target.write_bytes(source.read_bytes() + f"\n# benchmark copy {copy}\n".encode())
    return str(Path(name).with_name(target.name))


def with_capture_hook(project: Path) -> Path:
    """Add a last hook to `project` that saves each page's expanded Markdown under captured/."""
    (project / "hooks" / "bench_capture.py").write_text(CAPTURE_HOOK, encoding="utf-8")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    hooks = re.search(r"^hooks:\n(?:  - .*\n)+", text, re.MULTILINE)
    assert hooks, "mkdocs.yml has no hooks: list"
    config.write_text(text[:hooks.end()] + "  - hooks/bench_capture.py\n" + text[hooks.end():], encoding="utf-8")
    return project


def baked(captured_from: Path, folder: Path) -> Path:
    """A copy whose pages hold their outputs already (from a capture), built with no hooks.

    The notebook is its executed copy, so its page shows outputs too. Pages the hooks
    generate (not in docs/) become ordinary files.
    """
    project = copy_project(folder)
    for page in (captured_from / "captured").rglob("*"):
        if page.is_file():
            target = project / "docs" / page.relative_to(captured_from / "captured")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, target)
    config = project / "mkdocs.yml"
    text = re.sub(r"^hooks:\n(?:  - .*\n)+", "", config.read_text(encoding="utf-8"), flags=re.MULTILINE)
    # The footer template reads the toolchain stamp that hooks/live.py puts in `extra`.
    stamp = "".join(f"    {key}: {json.dumps(value)}\n" for key, value in toolchain().items())
    text, found = re.subn(r"^extra:\n", "extra:\n  toolchain:\n" + stamp, text, count=1, flags=re.MULTILINE)
    assert found, "mkdocs.yml has no extra: block"
    config.write_text(text, encoding="utf-8")
    return project
