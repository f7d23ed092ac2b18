"""MkDocs hook: the work a build repeats unchanged, kept in the cache folder between builds.

A warm build that changed nothing spent three fifths of its time redoing the same
work: Pygments highlighting every block (hooks/highlight_cache.py) and Material's
search plugin parsing every page's HTML (hooks/search_cache.py). Each result is kept
keyed on its whole input, in the snippets' cache folder (`[tool.live] cache_dir`, or
LIVE_CACHE_DIR), and the site is byte for byte what it would be without this hook
(tests/test_warm_caches.py).

List it after `search` and the theme's plugins (hooks run after plugins, so Material's
search index exists by this hook's on_config).
"""

from __future__ import annotations

from pathlib import Path

import highlight_cache
import search_cache
from live_engine.settings import SettingsError, load_settings
from memo_file import memo_file, new_build, whole_build

_state: dict = {"memos": []}


def on_config(config):
    try:
        folder = load_settings(Path(config.config_file_path).parent).cache_dir
    except SettingsError:  # hooks/live.py stops the build on it, naming the key
        highlight_cache.use(None)
        _state["memos"] = []
        return config
    highlighted = memo_file(folder / highlight_cache.FILE_NAME, highlight_cache.VERSION)
    sections = memo_file(folder / search_cache.FILE_NAME, search_cache.VERSION)
    highlight_cache.use(highlighted)
    search_cache.use(config, sections)
    _state["memos"] = [highlighted, sections]
    new_build()
    return config


def on_post_build(config):
    for memo in _state["memos"]:
        memo.save(prune=whole_build())  # a page kept as it was (hooks/render_memo.py) used none of its blocks
