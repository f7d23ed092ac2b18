"""MkDocs hook: expand `<!-- live: ... -->` lines into snippets and their real output.

Thin event functions only; the work is in the `live_engine` package beside this
file. MkDocs loads this module once per `mkdocs serve` session, so the runner and
its warm workers live across rebuilds and are stopped in `on_shutdown`.
"""

from __future__ import annotations

import atexit
import logging
from pathlib import Path

from mkdocs.exceptions import PluginError

from live_engine.build import BuildResult, build
from live_engine.cache import toolchain
from live_engine.directives import parse_page
from live_engine.render import render
from live_engine.runner import Runner
from live_engine.settings import load_settings
from notebook_pages import prepare_notebook, without_mermaid_loader

log = logging.getLogger("mkdocs.plugins.live")
_state: dict = {"runner": None, "result": None, "pages": {}}


def on_config(config):
    root = Path(config.config_file_path).parent
    runner = _state["runner"]
    if runner is None or runner.settings.root != root.resolve():
        _close()
        _state["runner"] = Runner(load_settings(root))
    config.extra["toolchain"] = toolchain()  # stamped in the footer: what produced the outputs
    return config


def on_files(files, config):
    documents = files.documentation_pages()
    pages = {f"docs/{file.src_uri}": file.content_string for file in documents if file.src_uri.endswith(".md")}
    result = _checked_build(pages)
    _state["result"], _state["pages"] = result, pages
    for file in documents:
        if file.src_uri.endswith(".ipynb"):  # a page only once mkdocs-jupyter's on_files (before ours) took it
            prepare_notebook(file, files, config, _state["runner"])
    return files


def on_page_markdown(markdown, page, config, files):
    if not page.file.src_uri.endswith(".md"):
        return markdown  # a notebook: mkdocs-jupyter renders it from the executed copy
    name = f"docs/{page.file.src_uri}"
    result: BuildResult = _state["result"]
    if markdown != _state["pages"].get(name):
        # The chapter was edited after on_files read it (an editor saving during
        # `mkdocs serve`): run what this text names now rather than show stale output.
        result = _checked_build({name: markdown})
    parsed = parse_page(markdown, name)
    for directive in reversed(parsed.directives):  # back to front keeps earlier offsets valid
        expansion = render(directive, result.snippets[directive.path], result.outcomes[directive.path].output)
        markdown = markdown[: directive.start] + expansion + markdown[directive.end :]
    return markdown


def on_page_content(html, page, config, files):
    if page.file.src_uri.endswith(".ipynb"):
        html = without_mermaid_loader(html)
    return html


def on_shutdown():
    _close()


def _checked_build(pages: dict[str, str]) -> BuildResult:
    result = build(pages, _state["runner"], _progress_line)
    log.info("live: %s", result.summary())
    if result.errors:
        raise PluginError(
            f"{len(result.errors)} live snippet problem(s):\n\n" + "\n\n".join(result.errors)
        )
    return result


def _progress_line(text: str) -> None:
    log.info("live: %s", text)


def _close():
    runner, _state["runner"] = _state["runner"], None
    if runner is not None:
        runner.close()


atexit.register(_close)  # workers also stop if MkDocs exits without calling on_shutdown
