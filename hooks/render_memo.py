"""MkDocs hook: under `mkdocs serve`, a page whose Markdown did not change is not converted again.

MkDocs rebuilds every page on every save, and converting Markdown to HTML (Python-
Markdown with its extensions; for the notebook, nbconvert) was the largest part of a
rebuild once highlighting and search were cached (hooks/warm_caches.py). What the
conversion gives depends on the page's Markdown as the hooks before it left it (every
snippet's source and output already in), its source file, the site's files and their
URLs (links are resolved against them), and mkdocs.yml. Keyed on all of these, the last
conversion of each page is kept in memory, and a page whose key is unchanged gets it
back: HTML, table of contents, title, anchors. Everything after the conversion runs as
usual on every page: the hooks' on_page_content (glossary and reference links, source
maps), the theme's templates with the new navigation, the search index.

A conversion that logged a warning is not kept (it must warn again: `strict`), and
`mkdocs build` converts every page (it converts each once).
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from memo_file import digest, partial_build

KEPT = ("content", "toc", "_title_from_render", "present_anchor_ids", "links_to_anchors")
_state: dict = {"serving": False, "kept": {}, "used": set(), "context": "", "reused": 0}
log = logging.getLogger("mkdocs.plugins.render_memo")


def on_startup(command, dirty):
    _state["serving"] = command == "serve"


def on_files(files, config):
    """What every page's conversion depends on besides its own text: the files and mkdocs.yml."""
    sha = hashlib.sha256(Path(config.config_file_path).read_bytes())
    for file in sorted(files, key=lambda file: file.src_uri):
        sha.update(f"\0{file.src_uri}\0{file.dest_uri}\0{file.url}".encode())
    _state["context"], _state["used"], _state["reused"] = sha.hexdigest(), set(), 0
    return files


def on_pre_page(page, config, files):
    if _state["serving"]:
        convert = page.render  # MkDocs' own, or the one mkdocs-jupyter put on its notebook page
        page.render = lambda config, files: _render(page, convert, config, files)
    return page


def _render(page, convert, config, files) -> None:
    key = digest(_state["context"], page.file.src_uri, page.markdown or "", _source(page))
    _state["used"].add(key)
    kept = _state["kept"].get(key)
    if kept is not None:
        _restore(page, kept, files)
        _state["reused"] += 1
        partial_build()  # its highlighted blocks were not asked for: the caches keep them
        return
    warnings = _Count()
    logging.getLogger("mkdocs").addHandler(warnings)
    try:
        convert(config, files)
    finally:
        logging.getLogger("mkdocs").removeHandler(warnings)
    if not warnings.count:
        _state["kept"][key] = {name: getattr(page, name, None) for name in KEPT} | \
            ({"title": page.__dict__["title"]} if "title" in page.__dict__ else {})


def _source(page) -> str:
    """The page's source file as it is now: a notebook's Markdown is not its content."""
    try:
        return "" if page.file.src_uri.endswith(".md") else hashlib.sha256(Path(page.file.abs_src_path).read_bytes()).hexdigest()
    except (OSError, TypeError):
        return ""


def _restore(page, kept: dict, files) -> None:
    for name, value in kept.items():
        if name == "links_to_anchors" and value:  # keyed on the last build's File objects: this build's instead
            value = {files.get_file_from_path(file.src_uri): links for file, links in value.items()}
        setattr(page, name, value)


class _Count(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record):
        self.count += 1


def on_post_build(config):
    """Keep only this build's conversions: an edited page's old ones are of no more use."""
    _state["kept"] = {key: value for key, value in _state["kept"].items() if key in _state["used"]}
    if _state["reused"]:
        log.info("render_memo: %d pages unchanged, not converted again", _state["reused"])
