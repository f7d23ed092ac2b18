"""Each page's themed HTML kept from one `mkdocs serve` rebuild to the next (hooks/warm_caches.py turns it on).

Once conversions, highlighting and search sections came from caches (render_memo.py,
highlight_cache.py, search_cache.py), most of a rebuild under `mkdocs serve` was Jinja:
MkDocs makes a new template environment for every build, so Material's templates were
compiled again, and every page was rendered through them, its whole navigation included,
although one page had changed. Both are kept here, in memory, for the life of the process:

- compiled templates, in Jinja's own bytecode cache: Jinja compares each template's source
  with the checksum kept beside its bytecode, so an edited template is compiled again;
- each page's rendered HTML, keyed on everything the templates read that can change
  while the process runs: the page's content, table of contents, title, metadata and
  URLs; the navigation (every title and URL, in order); mkdocs.yml and the values the hooks
  put in `config.extra`; the files of the theme's `custom_dir`; the site's files and their
  URLs. A page whose key is the last build's gets that build's HTML back; the `on_post_page`
  events then run on it as on any page. Environment variables (`!ENV` in mkdocs.yml) and
  installed packages cannot change within a process, so the key leaves them out, and the
  memo is never written to disk.

Material's own templates in site-packages are not part of the key: they are not the
site's sources, and `mkdocs serve` does not watch them (restart it after editing them).
`mkdocs build` renders every page, as before: it builds once per process, so nothing is
ever found here, and computing the keys costs a few milliseconds a page.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import jinja2
from mkdocs.structure.nav import Link, Section

from .memo_file import digest, source_version

VERSION = source_version(__file__)
_state: dict = {"site": "", "nav": None, "nav_key": "", "last": {}, "this": {}, "reused": 0}


class _InMemoryBytecode(jinja2.BytecodeCache):
    """Jinja's bytecode cache in a dictionary: compiled templates outlive the environment of one build."""

    def __init__(self):
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])  # discarded by Jinja if the checksum differs

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


BYTECODE = _InMemoryBytecode()


def use(env: jinja2.Environment, config, site_context: str) -> None:
    """This build's environment: compiled templates from the last build, page renderings through the
    memo. `site_context`: render_memo's digest of mkdocs.yml, the site URL and the site's files and URLs."""
    env.bytecode_cache = BYTECODE
    _state["last"], _state["this"] = _state["this"], {}
    _state["reused"], _state["nav"], _state["nav_key"] = 0, None, ""
    _state["site"] = digest(VERSION, site_context, json.dumps(config.extra, sort_keys=True, default=repr),
                            _custom_dir(config))
    get_template = env.get_template
    env.get_template = lambda *args, **kwargs: _Memoized(get_template(*args, **kwargs))


def reused() -> int:
    """How many pages this build took from the memo."""
    return _state["reused"]


class _Memoized:
    """A template whose `render(context)` of a page goes through the memo. Everything else (Jinja's
    runtime asks an extended or included template for its blocks and render functions) is the template's."""

    def __init__(self, template: jinja2.Template):
        self._template = template

    def __getattr__(self, name):
        return getattr(self._template, name)

    def render(self, *args, **kwargs) -> str:
        context = args[0] if len(args) == 1 and not kwargs else None
        page = context.get("page") if isinstance(context, dict) else None
        if page is None or getattr(page, "file", None) is None:
            return self._template.render(*args, **kwargs)  # 404.html, sitemap.xml: no page of their own
        key = _page_key(self._template.name or "", page, context)
        src_uri = page.file.src_uri
        last = _state["last"].get(src_uri)
        if last is not None and last[0] == key:
            output = last[1]
            _state["reused"] += 1
        else:
            output = self._template.render(context)
        _state["this"][src_uri] = (key, output)
        return output


# What MkDocs puts in a page's context (mkdocs/commands/build.py, get_context). Of these, the key
# leaves out only what cannot change within the process or that no template here reads:
# mkdocs_version, and build_date_utc (Material 9.8's templates and overrides/ never use it).
# Anything a plugin adds goes into the key by its repr: a value whose repr differs at every build
# is never reused.
STANDARD_CONTEXT = {"nav", "pages", "base_url", "extra_css", "extra_javascript", "mkdocs_version",
                    "build_date_utc", "config", "page"}


def _page_key(template: str, page, context) -> str:
    nav = context["nav"]
    if _state["nav"] is not nav:  # every page is read before the first is rendered: its title is final
        _state["nav"], _state["nav_key"] = nav, digest(json.dumps(_nav_items(nav.items)))
    added = {name: repr(value) for name, value in context.items() if name not in STANDARD_CONTEXT}
    return digest(_state["site"], _state["nav_key"], template, json.dumps(added, sort_keys=True),
                  json.dumps([context.get("extra_css"), context.get("extra_javascript")], default=str),
                  page.file.src_uri, page.url, str(page.title),
                  page.content or "", json.dumps([_toc(item) for item in page.toc]),
                  json.dumps(page.meta, sort_keys=True, default=repr),
                  str(page.canonical_url), str(page.abs_url), str(page.edit_url))


def _nav_items(items) -> list:
    """The navigation as titles and URLs, in order (sections with their children)."""
    out = []
    for item in items:
        if isinstance(item, Section):
            out.append(["section", str(item.title), _nav_items(item.children)])
        elif isinstance(item, Link):
            out.append(["link", str(item.title), item.url])
        else:
            out.append(["page", str(item.title), item.url, item.file.src_uri])
    return out


def _toc(item) -> list:
    return [item.title, item.id, item.level, [_toc(child) for child in item.children]]


def _custom_dir(config) -> str:
    """Every file of the theme's custom_dir (its overrides) and its bytes."""
    folder = config.theme.custom_dir
    if not folder:
        return ""
    sha = hashlib.sha256()
    for file in sorted(path for path in Path(folder).rglob("*") if path.is_file()):
        sha.update(str(file.relative_to(folder)).encode() + b"\0" + file.read_bytes() + b"\0")
    return sha.hexdigest()
