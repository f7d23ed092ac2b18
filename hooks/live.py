"""MkDocs hook: expand `<!-- live: ... -->` lines into snippets and their real output.

Thin event functions only; the work is in the `live_engine` package beside this
file. MkDocs loads this module once per `mkdocs serve` session, so the runner and
its warm workers live across rebuilds and are stopped in `on_shutdown`.
"""

from __future__ import annotations

import atexit
import logging
import re
import urllib.parse
from pathlib import Path

from mkdocs.exceptions import PluginError

from live_engine.build import BuildResult, build
from live_engine.cache import toolchain
from live_engine.directives import parse_page
from live_engine.notebooks import NotebookError, executed, with_links_cell, write_notebook
from live_engine.render import render
from live_engine.runner import Runner
from live_engine.settings import load_settings

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
            _prepare_notebook(file, files, config)
    return files


def _prepare_notebook(file, files, config):
    """Point the notebook's page at its executed copy: from the cache, or run now.

    mkdocs-jupyter (execute: false) renders, and with include_source copies, whatever
    `abs_src_path` names. MkDocs runs hooks after the plugins listed in `plugins:`, so
    the plugin's on_files has wrapped the file by now; the path set on the wrapper is
    the one its page reads.
    """
    runner: Runner = _state["runner"]
    name = f"docs/{file.src_uri}"
    try:
        run = executed(Path(file.abs_src_path), name, runner.settings.root, runner.cache, runner.settings.timeout)
    except NotebookError as error:
        raise PluginError(f"live notebook problem:\n\n{error}") from None
    log.info("live: %s %s", name, "from the cache" if run.cached else f"executed in {run.seconds:.1f} s")
    notebook = with_links_cell(_site_links(run.notebook, file, files), _links_markdown(file, config))
    copy = runner.settings.cache_dir / "notebooks" / run.key[:16] / Path(file.src_uri).name
    write_notebook(notebook, copy)
    file.abs_src_path = str(copy)


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


def _links_markdown(file, config) -> str:
    """'Open in Colab' and 'Download' as plain text links: nothing loads from another host."""
    name = Path(file.src_uri).name
    repo = urllib.parse.urlsplit(config.repo_url or "")
    branch = re.match(r"(?:edit|blob)/([^/]+)/", config.edit_uri or "")
    docs = Path(config.docs_dir).resolve().relative_to(_state["runner"].settings.root).as_posix()
    if repo.netloc == "github.com" and branch:
        colab = (f"https://colab.research.google.com/github{repo.path.rstrip('/')}/blob/"
                 f"{branch.group(1)}/{docs}/{file.src_uri}")
        open_line = f"[Open in Colab]({colab})"
    else:  # a local build: Colab opens a notebook from GitHub, or one you upload
        open_line = "[Open in Colab](https://colab.research.google.com/) and upload the notebook"
    return (f"{open_line} · [Download this notebook]({name}) (`{name}`, with the outputs shown here)")


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


# nbconvert's page template always carries a Mermaid loader that would import
# Mermaid from cdnjs if the notebook held a diagram; mkdocs-jupyter has no option to
# drop it. Ours hold none, and the site loads nothing from other hosts.
MERMAID_LOADER = re.compile(r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async \(\) => \{'
                            r'\s*const diagrams = document\.querySelectorAll\("\.jp-Mermaid > pre\.mermaid"\);.*?</script>',
                            re.DOTALL)
MERMAID_DIAGRAM = re.compile(r'class="[^"]*\bjp-Mermaid\b')  # an element, not the stylesheet's rules


def on_page_content(html, page, config, files):
    if page.file.src_uri.endswith(".ipynb") and not MERMAID_DIAGRAM.search(html):
        html = MERMAID_LOADER.sub("", html)
    return html


def on_shutdown():
    _close()


def _checked_build(pages: dict[str, str]) -> BuildResult:
    result = build(pages, _state["runner"])
    log.info("live: %s", result.summary())
    if result.errors:
        raise PluginError(
            f"{len(result.errors)} live snippet problem(s):\n\n" + "\n\n".join(result.errors)
        )
    return result


def _close():
    runner, _state["runner"] = _state["runner"], None
    if runner is not None:
        runner.close()


atexit.register(_close)  # workers also stop if MkDocs exits without calling on_shutdown
