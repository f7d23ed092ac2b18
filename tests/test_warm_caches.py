"""The warm-build caches (hooks/warm_caches.py): a site built from them is the site built without them.

A tiny Material site with search and pymdownx highlighting, and code in Python, in
HLO (a lexer of this project's, not Pygments') and in plain text, is built by MkDocs
alone (no cache hook) and with the hook, from an empty cache folder and from a full
one, before and after an edit. Every file of every build must be the plain build's,
byte for byte.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from tinysite import ROOT, mkdocs_build, write_files

sys.path.insert(0, str(ROOT / "hooks"))
from build_memos import highlight_cache  # noqa: E402
from build_memos.memo_file import MemoFile  # noqa: E402

CONFIG = """\
site_name: tiny
theme: {name: material, font: false}
plugins: [search]
hooks: [%s]
markdown_extensions:
  - toc: {permalink: true}
  - pymdownx.highlight: {anchor_linenums: true, pygments_lang_class: true, stripnl: false}
  - pymdownx.superfences
"""
CHAPTER = """\
# Chapter

Some text about `jit`.

## Python

```python title="snippets/f.py"
import jax
print(jax.jit(lambda x: x + 1).lower(1.0).as_text("hlo"))
```

## HLO

```hlo title="Output"
HloModule jit_f, entry_computation_layout={(f32[])->f32[]}

ENTRY main.4 {
  x.1 = f32[] parameter(0)
  ROOT add.3 = f32[] add(x.1, constant.2)
}
```

## Plain

```text
no language at all
```
"""


def make_site(folder: Path) -> Path:
    write_files(folder, {
        "mkdocs.yml": CONFIG % "",
        "mkdocs-cached.yml": CONFIG % (ROOT / "hooks" / "warm_caches.py"),
        "pyproject.toml": "[tool.live]\n",
        "docs/index.md": "# Home\n\nSee the [chapter](chapter.md).\n",
        "docs/chapter.md": CHAPTER,
    })
    return folder


def built(folder: Path, config: str, into: str) -> dict[str, bytes]:
    """Every file of `mkdocs build -f config` into folder/into, by path."""
    result = mkdocs_build(folder, "-f", config, "-d", into, SOURCE_DATE_EPOCH="1767225600")
    assert result.returncode == 0, result.stderr
    site = folder / into
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def differing(first: dict[str, bytes], second: dict[str, bytes]) -> list[str]:
    return sorted(name for name in first.keys() | second.keys() if first.get(name) != second.get(name))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return make_site(tmp_path_factory.mktemp("warm"))


def test_a_cold_and_a_warm_build_give_the_plain_builds_site_file_by_file(site):
    plain = built(site, "mkdocs.yml", "plain")
    cold = built(site, "mkdocs-cached.yml", "cold")
    assert all((site / ".cache/live" / name).exists()
               for name in ("highlighted.json", "search-sections.json", "rendered.json"))
    warm = built(site, "mkdocs-cached.yml", "warm")
    assert differing(plain, cold) == []
    assert differing(plain, warm) == []


def test_after_an_edit_a_warm_build_gives_the_plain_builds_site(site, tmp_path):
    built(site, "mkdocs-cached.yml", "before")  # the caches hold the chapter as it was
    chapter = site / "docs/chapter.md"
    original = chapter.read_text()
    chapter.write_text(original.replace("## HLO", "## HLO, renamed").replace("add(x.1", "multiply(x.1")
                       .replace("no language", "no language, edited"))
    try:
        plain = built(site, "mkdocs.yml", "plain-edited")
        warm = built(site, "mkdocs-cached.yml", "warm-edited")
    finally:
        chapter.write_text(original)
    assert b"multiply" in plain["chapter/index.html"] and b"HLO, renamed" in plain["search/search_index.json"]
    assert differing(plain, warm) == []


def tamper(site: Path, name: str, change) -> None:
    """Apply `change(key, value)` (returning the new value) to every entry of a cache file."""
    path = site / ".cache/live" / name
    stored = json.loads(path.read_text())
    stored["entries"] = {key: change(key, value) for key, value in stored["entries"].items()}
    path.write_text(json.dumps(stored))


def test_the_warm_build_takes_pages_sections_and_blocks_from_the_cache_folder(tmp_path):
    """Were the caches never read, the tests above would pass too: a stored value, changed, shows."""
    site = make_site(tmp_path)
    built(site, "mkdocs-cached.yml", "cold")
    tamper(site, "rendered.json", lambda key, page: page | {"content": page["content"].replace(
        "Some text about", "MARK-FROM-THE-PAGE-CACHE")})
    tamper(site, "search-sections.json", lambda key, sections: [s | {"text": ["MARK-FROM-THE-SEARCH-CACHE"]}
                                                                  for s in sections])
    warm = built(site, "mkdocs-cached.yml", "warm")
    assert b"MARK-FROM-THE-PAGE-CACHE" in warm["chapter/index.html"]
    assert b"MARK-FROM-THE-SEARCH-CACHE" in warm["search/search_index.json"]  # the home page's sections
    # With the converted pages gone, each page is converted again, its blocks taken from the cache.
    (site / ".cache/live/rendered.json").unlink()
    tamper(site, "highlighted.json", lambda key, block: "<pre>MARK-FROM-THE-HIGHLIGHT-CACHE</pre>"
           if "no language at all" in block else block)
    warm = built(site, "mkdocs-cached.yml", "warm-again")
    assert b"MARK-FROM-THE-HIGHLIGHT-CACHE" in warm["chapter/index.html"]


def test_a_kept_page_keeps_its_highlighted_blocks_in_the_cache(site):
    """A warm build converts no page, so it highlights nothing; its blocks must not be pruned as unused."""
    built(site, "mkdocs-cached.yml", "warm-1")
    blocks = json.loads((site / ".cache/live/highlighted.json").read_text())["entries"]
    built(site, "mkdocs-cached.yml", "warm-2")
    assert json.loads((site / ".cache/live/highlighted.json").read_text())["entries"] == blocks
    assert len(blocks) == 3


def test_a_whole_build_keeps_only_what_it_used(tmp_path):
    memo = MemoFile(tmp_path / "memo.json", "v1")
    memo.put("old", "a")
    memo.save(prune=True)
    again = MemoFile(tmp_path / "memo.json", "v1")
    assert again.get("old") == "a"
    again.put("new", "b")
    again.save(prune=False)  # a partial build (serve): the old entry may belong to a page it did not render
    assert MemoFile(tmp_path / "memo.json", "v1").entries == {"old": "a", "new": "b"}
    latest = MemoFile(tmp_path / "memo.json", "v1")
    latest.get("new")
    latest.save(prune=True)
    assert MemoFile(tmp_path / "memo.json", "v1").entries == {"new": "b"}
    assert MemoFile(tmp_path / "memo.json", "v2").entries == {}  # written by other code: not trusted


def test_the_key_of_a_block_names_its_lexers_source_when_the_lexer_is_not_pygments_own():
    assert highlight_cache.lexer_version("python") == "pygments"
    assert highlight_cache.lexer_version("hlo").startswith("ir_lexers.hlo: ")
    assert highlight_cache.lexer_version("no-such-language") == "no lexer"
