"""Highlighted code blocks kept from one build to the next (hooks/warm_caches.py turns it on).

Pygments highlighting every code block and output of every page (about 1,100 blocks)
was a fifth of a warm build that changed nothing, and it gives the same HTML for the
same input. So each block's HTML is kept, keyed on everything that shapes it: the
text, the language, every argument pymdownx.highlight passes, the highlighter's
settings (mkdocs.yml), the versions of Pygments and pymdown-extensions, and the source
of the lexer when it is not one of Pygments' own (hooks/lexers/ir_lexers: editing
a lexer highlights again). The HTML is the string pymdownx.highlight returned the first
time, so a warm build's pages are byte for byte a cold build's (tests/test_warm_caches.py).

The cache is `highlighted.json` in the snippets' cache folder (`[tool.live] cache_dir`
or LIVE_CACHE_DIR): deleting that folder, as for a cold build, empties it too.

Left to Pygments every time: inline code (pymdownx returns an element there, not text),
and the cases where highlighting has a side effect or guesses (an HTML title goes into
the Markdown stash; `guess_lang` reads the text).
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from importlib import metadata
from pathlib import Path

from pygments.lexers import find_lexer_class_by_name
from pymdownx.highlight import Highlight

from .memo_file import MemoFile, digest, source_version

FILE_NAME = "highlighted.json"
VERSION = source_version(__file__, str(Path(__file__).with_name("memo_file.py")))
_UNCACHED = Highlight.highlight  # pymdownx's own method, called on every miss
_ARGUMENTS = inspect.signature(_UNCACHED)
_state: dict = {"memo": None}


@functools.cache
def _tools() -> str:
    return f"pygments {metadata.version('pygments')}, pymdown-extensions {metadata.version('pymdown-extensions')}"


@functools.cache
def lexer_version(language: str) -> str:
    """What identifies the lexer that `language` names: Pygments' version for its own
    lexers, the hash of its package's source for one installed from elsewhere."""
    try:
        lexer = find_lexer_class_by_name(language)
    except Exception:  # no such lexer: pymdownx falls back to its default language
        return "no lexer"
    module = lexer.__module__
    if module.startswith("pygments."):
        return "pygments"
    folder = Path(inspect.getfile(lexer)).parent
    sha = hashlib.sha256()
    for file in sorted(folder.glob("*.py")):
        sha.update(file.name.encode() + b"\0" + file.read_bytes() + b"\0")
    return f"{module}: {sha.hexdigest()[:16]}"


def _cacheable(highlighter: Highlight, bound: inspect.BoundArguments) -> bool:
    arguments = bound.arguments
    return (highlighter.use_pygments and not arguments.get("inline") and not highlighter.guess_lang
            and not highlighter.auto_title and highlighter.title_mode == "text")


def key(highlighter: Highlight, bound: inspect.BoundArguments) -> str:
    """The cache key of one call: every argument and setting, the tools, the lexer."""
    settings = {name: value for name, value in vars(highlighter).items() if name != "md"}
    language = bound.arguments.get("language") or highlighter.default_lang or "text"
    lexer = lexer_version(highlighter.get_extended_language(language)[0])
    call = {name: value for name, value in bound.arguments.items() if name != "self"}
    return digest(VERSION, _tools(), lexer, repr(sorted(settings.items())), repr(sorted(call.items())))


def _highlight(self: Highlight, *args, **kwargs):
    memo = _state["memo"]
    bound = _ARGUMENTS.bind(self, *args, **kwargs)
    bound.apply_defaults()
    if memo is None or not _cacheable(self, bound):
        return _UNCACHED(self, *args, **kwargs)
    found = key(self, bound)
    html = memo.get(found)
    if html is None:
        html = _UNCACHED(self, *args, **kwargs)
        memo.put(found, html)
    return html


def use(memo: MemoFile | None) -> None:
    """Highlight through `memo` from now on (None: through Pygments alone)."""
    _state["memo"] = memo
    Highlight.highlight = _highlight  # every Highlight pymdownx makes (one per block) comes here
