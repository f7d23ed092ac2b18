"""Each page's search sections kept from one build to the next (hooks/warm_caches.py turns it on).

Material's search plugin indexes a page by feeding its whole HTML to an html.parser
subclass (about 190,000 start tags over the site): two fifths of a warm build that
changed nothing. What that parse yields, the page's sections (each heading's id and
title, the text under it, whether it is excluded), depends on the HTML alone. So the
sections are kept, keyed on the HTML and Material's version, and only the cheap rest
runs each build: Material's own `create_entry_for_section` turns them into entries with
the page's URL, table of contents and metadata, which may have changed although the
HTML did not. The index is then what Material would have written, byte for byte
(tests/test_warm_caches.py).

The cache is `search-sections.json` in the snippets' cache folder.
"""

from __future__ import annotations

import functools
from importlib import metadata
from pathlib import Path

from material.plugins.search.plugin import Element, Parser, SearchIndex, SearchPlugin, Section

from .memo_file import MemoFile, digest, source_version

FILE_NAME = "search-sections.json"
VERSION = source_version(__file__, str(Path(__file__).with_name("memo_file.py")))


@functools.cache
def _material() -> str:
    return f"mkdocs-material {metadata.version('mkdocs-material')}"


def sections(page_html: str, memo: MemoFile) -> list[Section]:
    """The page's sections as Material's parser finds them: from `memo` if this HTML was parsed before."""
    key = digest(VERSION, _material(), page_html)
    stored = memo.get(key)
    if stored is None:
        parser = Parser()
        parser.feed(page_html)
        parser.close()
        stored = [{"tag": section.el.tag, "attrs": section.el.attrs, "depth": section.depth, "id": section.id,
                   "title": section.title, "text": section.text} for section in parser.data]
        memo.put(key, stored)
    return [_section(fields) for fields in stored]


def _section(fields: dict) -> Section:
    """A new Section each time: Material's create_entry_for_section fills in a missing title."""
    section = Section(Element(fields["tag"], dict(fields["attrs"])), fields["depth"])
    section.id, section.title, section.text = fields["id"], list(fields["title"]), list(fields["text"])
    return section


def add_entry_from_context(index: SearchIndex, memo: MemoFile, page) -> None:
    """Material's SearchIndex.add_entry_from_context, with the parse taken from `memo`."""
    search = page.meta.get("search") or {}
    if search.get("exclude"):
        return
    for section in sections(page.content, memo):
        if not section.is_excluded():
            index.create_entry_for_section(section, page.toc, page.url, page)


def use(config, memo: MemoFile) -> None:
    """Make this build's search index (Material's on_config made a new one) read sections through `memo`."""
    for plugin in config.plugins.values():
        if isinstance(plugin, SearchPlugin) and getattr(plugin, "search_index", None) is not None:
            index = plugin.search_index
            index.add_entry_from_context = functools.partial(add_entry_from_context, index, memo)
