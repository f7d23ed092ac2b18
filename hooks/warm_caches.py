"""MkDocs hook: the work a build repeats unchanged, kept in the cache folder between builds.

A warm build that changed nothing spent most of its time redoing the same work:
Material's search plugin parsing every page's HTML (hooks/build_memos/search_cache.py), Pygments
highlighting every block (hooks/build_memos/highlight_cache.py), and Python-Markdown converting
every page (hooks/build_memos/render_memo.py), which under `mkdocs serve` it did again at every
save. Each result is kept keyed on its whole input, in the snippets' cache folder
(`[tool.live] cache_dir`, or LIVE_CACHE_DIR), and the site is byte for byte what it
would be without this hook (tests/test_warm_caches.py). A whole build keeps in each
file only what it used. Under `mkdocs serve`, Jinja's work is kept too, in memory:
the compiled templates and each page's rendering (hooks/build_memos/template_memo.py).

List it after `search`, mkdocs-jupyter and the other hooks: hooks run after plugins,
so Material's search index exists by this hook's on_config, and mkdocs-jupyter has put
its own conversion on the notebook's page by this hook's on_pre_page.
"""

from __future__ import annotations

import logging
from pathlib import Path

from build_memos import highlight_cache, render_memo, search_cache, template_memo
from build_memos.memo_file import memo_file
from live_engine.settings import SettingsError, load_settings

log = logging.getLogger("mkdocs.plugins.warm_caches")
_state: dict = {"memos": {}}


def on_config(config):
    try:
        folder = load_settings(Path(config.config_file_path).parent).cache_dir
    except SettingsError:  # hooks/live.py stops the build on it, naming the key
        highlight_cache.use(None)
        _state["memos"] = {}
        return config
    memos = {name: memo_file(folder / module.FILE_NAME, module.VERSION)
             for name, module in [("highlighted", highlight_cache), ("sections", search_cache),
                                  ("rendered", render_memo)]}
    highlight_cache.use(memos["highlighted"])
    search_cache.use(config, memos["sections"])
    _state["memos"] = memos
    return config


def on_files(files, config):
    """After hooks/live.py's on_files: the generated pages are among the files a conversion depends on."""
    memos = _state["memos"]
    render_memo.use(memos.get("rendered"), files, config, memos.get("highlighted"))
    return files


def on_env(env, config, files):
    template_memo.use(env, config, render_memo.context())  # set by render_memo.use in on_files
    return env


def on_pre_page(page, config, files):
    render_memo.wrap(page)
    return page


def on_post_build(config):
    for memo in _state["memos"].values():
        memo.save(prune=True)
    if render_memo.reused():
        log.info("warm_caches: %d pages unchanged, not converted again", render_memo.reused())
    if template_memo.reused():
        log.info("warm_caches: %d pages rendered as at the last build, their templates not run again",
                 template_memo.reused())
