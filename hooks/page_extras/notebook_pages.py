"""The notebook pages: the executed copy MkDocs renders, its links, and nothing from other hosts.

MkDocs objects in, MkDocs objects out: this is the hook's side of notebooks. Running
and caching a notebook is the engine's (`live_engine.notebooks`), which knows nothing
of MkDocs.
"""

from __future__ import annotations

import html
import logging
import re
import threading
from concurrent.futures import Future
from pathlib import Path

import pygments
from mkdocs.exceptions import PluginError
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name

from live_engine.background import Background
from live_engine.notebooks import (NotebookError, executed, notebook_key, read_notebook, with_failure_cell,
                                   with_links_cell, with_running_cell, write_notebook)
from live_engine.render import detect_language
from live_engine.runner import Outcome, Runner
from .recipe_links import colab_link

log = logging.getLogger("mkdocs.plugins.live")


def prepare_notebook(file, files, config, runner: Runner, serving: bool = False, background: Background | None = None,
                     start: bool = False) -> bool:
    """Point the notebook's page at its executed copy: from the cache, or run now. True if it ran.

    mkdocs-jupyter (execute: false) renders, and with include_source copies, whatever
    `abs_src_path` names. MkDocs runs hooks after the plugins listed in `plugins:`, so
    the plugin's on_files has wrapped the file by now; the path set on the wrapper is
    the one its page reads. A failing cell stops `mkdocs build`; under `mkdocs serve`
    (`serving`) the page shows the notebook unexecuted, with the failure on top.

    With `background` (under `mkdocs serve`), a run started behind the served pages is not
    waited for: the page shows the notebook unexecuted, marked as running, until it is in;
    with `start` too (the first build of a serve), a notebook the cache lacks starts so.
    """
    name = f"docs/{file.src_uri}"
    try:
        if background is not None and _running_behind(file, name, runner, background, start):
            _point_at(file, with_running_cell(read_notebook(Path(file.abs_src_path))),
                      runner.settings.cache_dir / "running-notebooks" / Path(file.src_uri).name,
                      f"{name} (not executed yet: it is running)")
            return False
        run = executed(Path(file.abs_src_path), name, runner.settings.root, runner.cache, runner.settings.timeout,
                       lambda line: log.info("live: %s", line))
    except NotebookError as error:
        if not serving:
            raise PluginError(f"live notebook problem:\n\n{error}") from None
        log.info("live: live notebook problem (shown on its page; `mkdocs build` stops on it):\n\n%s", error)
        failed = with_failure_cell(read_notebook(Path(file.abs_src_path)), str(error))
        _point_at(file, failed, runner.settings.cache_dir / "failed-notebooks" / Path(file.src_uri).name,
                  f"{name} (not executed: it failed)")
        return False
    log.info("live: %s %s", name, "from the cache" if run.cached else f"executed in {run.seconds:.1f} s")
    notebook = with_links_cell(_site_links(run.notebook, file, files), _links_markdown(file, config, runner))
    _point_at(file, notebook, runner.cache.files_for(run.key) / Path(file.src_uri).name,  # pruned with its entry
              f"{name} (executed)")
    return True


# Notebook runs started behind the served pages, by the notebook's key (live_engine.notebooks.notebook_key).
_BEHIND: dict[str, Future] = {}


def _running_behind(file, name: str, runner: Runner, background: Background, start: bool) -> bool:
    """Is the notebook running behind the served pages (started now if `start` and the cache lacks
    it)? A run that ended in a failure raises its NotebookError here, once; one that succeeded is
    in the cache."""
    path = Path(file.abs_src_path)
    key = notebook_key(path.read_bytes(), name)
    future = _BEHIND.get(key)
    if future is None:
        if not start or runner.cache.get(key) is not None:
            return False
        future = _BEHIND[key] = Future()
        settings = runner.settings

        def run() -> None:
            try:
                ran = executed(path, name, settings.root, runner.cache, settings.timeout,
                               lambda line: log.info("live: %s", line))
                future.set_result(Outcome(name, "", seconds=ran.seconds))
            except NotebookError as error:
                future.set_result(Outcome(name, None, str(error)))
            except BaseException as error:  # noqa: BLE001  (told to whoever waits, as a failure)
                future.set_exception(error)

        background.add(name, future, threading.Thread(target=run, daemon=True, name=f"live-notebook {name}").start)
    if not future.done():
        return True
    if background.finished.is_set():  # all in: a later save runs a failed notebook again, as serve always did
        del _BEHIND[key]
    outcome = future.result() if future.exception() is None else None
    if outcome is None or not outcome.ok:
        problem = outcome.problem if outcome is not None else f"{name}: the notebook's run failed: {future.exception()}"
        raise NotebookError(problem)
    return False


def _point_at(file, notebook: dict, copy: Path, label: str) -> None:
    """Write `notebook` to `copy` and make it what the page renders; its log lines say `label`."""
    write_notebook(notebook, copy)
    file.abs_src_path = str(copy)
    _REPOSITORY_NAMES[str(copy)] = label


# mkdocs-jupyter logs the file it converts, which is now the executed copy in the cache:
# a path the reader never wrote. Its log lines name the notebook in the repository instead.
_REPOSITORY_NAMES: dict[str, str] = {}  # executed copy -> docs/NAME.ipynb (executed)


class _NotebookPaths(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        for copy, name in _REPOSITORY_NAMES.items():
            message = message.replace(copy, name)
        record.msg, record.args = message, ()
        return True


for _logger in ("mkdocs.mkdocs-jupyter", "mkdocs.plugins.mkdocs_jupyter"):
    logging.getLogger(_logger).addFilter(_NotebookPaths())


# A cell's plain-text output as nbconvert writes it (streams and text/plain results alike).
TEXT_OUTPUT = re.compile(r'(?P<open><div class="jp-RenderedText jp-OutputArea-output"(?P<attrs>[^>]*)>)\s*'
                         r'<pre>(?P<body>.*?)</pre>', re.DOTALL)
HTML_TAG = re.compile(r"<[^>]+>")


def highlighted_outputs(page_html: str) -> str:
    """Each text output of a notebook that is a jaxpr, StableHLO or HLO, highlighted by that IR's
    lexer, as a live output on a Markdown page is (the same detection, the same block shape, so
    the same colours, reference links and name highlighting). Other outputs stay as they are."""
    def highlight(match: re.Match) -> str:
        text = html.unescape(HTML_TAG.sub("", match["body"]))
        language = detect_language(text)
        if language == "text":
            return match.group()
        code = pygments.highlight(text, get_lexer_by_name(language, stripnl=False), HtmlFormatter(nowrap=True))
        opening = match["open"].replace(">", f' data-lang="{language}">', 1) if "data-lang" not in match["attrs"] \
            else match["open"]
        return (f'{opening}<div class="language-{language} highlight"><pre><span></span>'
                f'<code>{code.rstrip(chr(10))}\n</code></pre></div>')

    return TEXT_OUTPUT.sub(highlight, page_html)


MARKDOWN_LINK = re.compile(r"\]\((?P<target>[\w./-]+\.md)(?P<anchor>#[\w-]+)?\)")


def _site_links(notebook: dict, file, files) -> dict:
    """Links to chapters written as in Markdown (`dumping.md#anchor`) become the pages' URLs.

    MkDocs rewrites such links in Markdown pages; a notebook's HTML comes from
    nbconvert, which does not. A link to a missing page fails a strict build.
    """
    def replace(match: re.Match) -> str:
        target = Path(file.src_uri).parent.joinpath(match["target"]).as_posix()
        page = files.get_file_from_path(target)
        if page is None:
            log.warning("live: docs/%s links to %s, which is not a page of this site", file.src_uri, target)
            return match.group()
        return f"]({page.url_relative_to(file)}{match['anchor'] or ''})"

    cells = [dict(cell, source=MARKDOWN_LINK.sub(replace, "".join(cell["source"])))
             if cell["cell_type"] == "markdown" else cell for cell in notebook["cells"]]
    return dict(notebook, cells=cells)


def _links_markdown(file, config, runner: Runner) -> str:
    """'Open in Colab' and 'Download' as plain text links: nothing loads from another host."""
    name = Path(file.src_uri).name
    docs = Path(config.docs_dir).resolve().relative_to(runner.settings.root).as_posix()
    open_line = colab_link(config.repo_url, config.edit_uri, f"{docs}/{file.src_uri}")
    return (f"{open_line} · [Download this notebook]({name}) (`{name}`, with the outputs shown here)")


# nbconvert's page template always carries a Mermaid loader that would import
# Mermaid from cdnjs if the notebook held a diagram; mkdocs-jupyter has no option to
# drop it. Ours hold none, and the site loads nothing from other hosts.
MERMAID_LOADER = re.compile(r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async \(\) => \{'
                            r'\s*const diagrams = document\.querySelectorAll\("\.jp-Mermaid > pre\.mermaid"\);.*?</script>',
                            re.DOTALL)
MERMAID_DIAGRAM = re.compile(r'class="[^"]*\bjp-Mermaid\b')  # an element, not the stylesheet's rules


def without_mermaid_loader(html: str) -> str:
    """The page's HTML without nbconvert's CDN Mermaid loader, unless the page holds a diagram."""
    return html if MERMAID_DIAGRAM.search(html) else MERMAID_LOADER.sub("", html)
