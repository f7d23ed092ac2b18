"""Each page's conversion to HTML kept from one build to the next (hooks/warm_caches.py turns it on).

Converting Markdown to HTML (Python-Markdown with its extensions; for the notebook,
nbconvert through mkdocs-jupyter) was the largest part of a build once highlighting and
search were cached, under `mkdocs build` and at every save under `mkdocs serve`. What a
conversion gives depends on:

- the page's Markdown as the hooks before it left it (every snippet's source and
  output already in), and its source file (a notebook's Markdown is not its content);
- the site's files and their URLs (links are resolved against them), mkdocs.yml, the
  site URL and URL style (both may come from the environment);
- the installed packages and versions, and the source of this project's lexers
  (hooks/lexers: installed editable, so no version says when they change);
- MkDocs' log level (it collects anchor links only above DEBUG).

Keyed on all of these, each conversion's result is kept in `rendered.json` in the
snippets' cache folder: the HTML, the table of contents, the title, the anchors the page
has and the ones it links to. A page whose key is unchanged gets them back. Everything
after the conversion runs as usual on every page: the hooks' on_page_content (glossary
and reference links, source maps), the theme's templates with the new navigation, the
search index. A conversion that logged a warning is not kept: it must warn again
(`strict`). The site is byte for byte the one built without this (tests/test_warm_caches.py).
"""

from __future__ import annotations

import functools
import hashlib
import logging
from pathlib import Path

from mkdocs.structure.toc import get_toc

from live_engine.cache import installed_packages
from .memo_file import MemoFile, digest, source_version

FILE_NAME = "rendered.json"
VERSION = source_version(__file__, str(Path(__file__).with_name("memo_file.py")))
LEXERS = Path(__file__).resolve().parent.parent / "lexers"  # hooks/lexers: a lexer edit changes every page
_state: dict = {"memo": None, "context": "", "reused": 0, "highlighted": None}
log = logging.getLogger("mkdocs.plugins.render_memo")


@functools.cache
def _lexers() -> str:
    sha, files = hashlib.sha256(), sorted(LEXERS.rglob("*.py"))
    if not files:  # a moved folder would otherwise key every page on nothing, and keep stale highlighting
        raise FileNotFoundError(f"{LEXERS}: no lexer sources to key the converted pages on")
    for file in files:
        sha.update(str(file.relative_to(LEXERS)).encode() + b"\0" + file.read_bytes() + b"\0")
    return sha.hexdigest()


def use(memo: MemoFile | None, files, config, highlighted: MemoFile | None = None) -> None:
    """Convert this build's pages through `memo` (None: convert every page). `highlighted`: the
    highlighting memo, whose blocks a kept conversion still counts as used (else a whole build
    would prune the blocks of every page it did not convert again)."""
    sha = hashlib.sha256(Path(config.config_file_path).read_bytes())
    sha.update(f"\0{config.site_url}\0{config.use_directory_urls}\0{logging.getLogger('mkdocs').getEffectiveLevel()}"
               f"\0{installed_packages()}\0{_lexers()}".encode())
    for file in sorted(files, key=lambda file: file.src_uri):
        sha.update(f"\0{file.src_uri}\0{file.dest_uri}\0{file.url}".encode())
    _state["memo"], _state["context"], _state["reused"] = memo, sha.hexdigest(), 0
    _state["highlighted"] = highlighted


def wrap(page) -> None:
    """Make `page.render` go through the memo (MkDocs' own, or the one mkdocs-jupyter put on its notebook page)."""
    if _state["memo"] is not None:
        convert = page.render
        page.render = lambda config, files: _render(page, convert, config, files)


def context() -> str:
    """The digest of what every page's conversion depends on besides the page (mkdocs.yml, the
    site URL, the packages, the lexers, the site's files and URLs), for this build."""
    return _state["context"]


def reused() -> int:
    """How many pages this build took from the memo."""
    return _state["reused"]


def _render(page, convert, config, files) -> None:
    memo: MemoFile = _state["memo"]
    key = digest(VERSION, _state["context"], page.file.src_uri, page.markdown or "", _source(page))
    highlighted: MemoFile | None = _state["highlighted"]
    kept = memo.get(key)
    if kept is not None and _restore(page, kept, files):
        if highlighted is not None:
            highlighted.used.update(block for block in kept["highlighted"] if block in highlighted.entries)
        _state["reused"] += 1
        return
    asked: set[str] = set()
    if highlighted is not None:
        highlighted.recording = asked  # the blocks this conversion highlights: kept with it
    warnings = _Count()
    logging.getLogger("mkdocs").addHandler(warnings)
    try:
        convert(config, files)
    finally:
        logging.getLogger("mkdocs").removeHandler(warnings)
        if highlighted is not None:
            highlighted.recording = None
    if not warnings.count:
        memo.put(key, _kept(page) | {"highlighted": sorted(asked)})


def _source(page) -> str:
    """The hash of the page's source file as it is now, for a notebook (its Markdown is not its content)."""
    if page.file.src_uri.endswith(".md"):
        return ""
    try:
        return hashlib.sha256(Path(page.file.abs_src_path).read_bytes()).hexdigest()
    except (OSError, TypeError):
        return "unreadable"


def _kept(page) -> dict:
    """What a conversion leaves on the page, as JSON."""
    links = page.links_to_anchors
    return {
        "content": page.content,
        "toc": [_token(link) for link in page.toc],
        "title_from_render": page._title_from_render,
        # A set, in a fixed order; it can hold None (an anchor without a name).
        "present_anchor_ids": sorted(page.present_anchor_ids, key=lambda anchor: (anchor is None, anchor or ""))
        if page.present_anchor_ids is not None else None,
        "links_to_anchors": {file.src_uri: anchors for file, anchors in links.items()} if links is not None else None,
        "title": page.__dict__.get("title"),  # set by mkdocs-jupyter on its page, over the property
        "has_title": "title" in page.__dict__,
    }


def _token(link) -> dict:
    return {"name": link.title, "id": link.id, "level": link.level, "children": [_token(c) for c in link.children]}


def _restore(page, kept: dict, files) -> bool:
    """Put a kept conversion on the page; False if a page it links to is gone (convert again)."""
    links = None
    if kept["links_to_anchors"] is not None:
        links = {}
        for src_uri, anchors in kept["links_to_anchors"].items():
            target = files.get_file_from_path(src_uri)
            if target is None:
                return False
            links[target] = anchors
    page.content = kept["content"]
    page.toc = get_toc(kept["toc"])
    page._title_from_render = kept["title_from_render"]
    ids = kept["present_anchor_ids"]
    page.present_anchor_ids = set(ids) if ids is not None else None
    page.links_to_anchors = links
    if kept["has_title"]:
        page.title = kept["title"]
    return True


class _Count(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record):
        self.count += 1
