"""Moving every link to jax's source at the old release tag to the new one.

A link `https://github.com/jax-ml/jax/blob/jax-vOLD/PATH#Ln-Lm` in the chapters,
snippets, hooks or tests is rewritten to the new tag, its anchor to the lines that hold
the same code in the new release (relocate.py), and a line number repeated in the
link's text (`[lax.py:4935](...#L4935)`, `[lines 3058-3061](...)`) with it. A link is
left as it is, and listed for a person, when its code is not found in the new release,
when its file is not in the wheel (the docs, CHANGELOG.md, C++ and g3doc files), or
when its anchor is not a line. Links at any other tag are not touched: they name a
release on purpose.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache, partial
from pathlib import Path

from .relocate import Found, relocate

LINKED_FROM = ("docs", "snippets", "hooks", "tests")  # the folders whose files may link jax's source
SKIPPED = {"__pycache__", ".ipynb_checkpoints"}
JAX_BLOB = "https://github.com/jax-ml/jax/blob/"
LINES = re.compile(r"L(?P<start>[1-9]\d*)(?:-L(?P<end>[1-9]\d*))?")


@dataclasses.dataclass(frozen=True)
class Link:
    where: str  # file:line, relative to the repository root
    url: str

    @property
    def at_tag(self) -> str:
        """The address from the tag on: jax-v0.10.2/jax/_src/lax/lax.py#L12."""
        return self.url.removeprefix(JAX_BLOB)


@dataclasses.dataclass(frozen=True)
class Moved:
    link: Link
    url: str  # the link's new address


@dataclasses.dataclass(frozen=True)
class Left:
    link: Link
    reason: str  # why it was not moved, for the person who checks it


@dataclasses.dataclass
class LinkMove:
    old: str
    new: str
    moved: list[Moved] = dataclasses.field(default_factory=list)
    left: list[Left] = dataclasses.field(default_factory=list)


def tag_url(version: str) -> str:
    return f"{JAX_BLOB}jax-v{version}/"


def link_pattern(version: str) -> re.Pattern:
    """A link at jax-vVERSION, with the Markdown link text before it when it has one."""
    return re.compile(r"(?:\[(?P<text>[^\[\]]*)\]\()?" + re.escape(tag_url(version))
                      + r"(?P<path>[^\s()#\"'`<>\[\]\\]+)(?:#(?P<fragment>[^\s()\"'`<>\[\]\\]*))?")


def linking_files(root: Path) -> list[Path]:
    """Every text file under the folders that may link jax's source."""
    found = []
    for folder in LINKED_FROM:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and not SKIPPED & set(path.relative_to(root).parts):
                found.append(path)
    return found


def move_links(root: Path, old: str, new: str, old_tree: Path, new_tree: Path, write: bool = True) -> LinkMove:
    """Move every link at jax-v`old` under `root` to jax-v`new`; rewrite the files unless `write` is False."""
    move = LinkMove(old, new)
    pattern = link_pattern(old)
    read = cache(_lines)  # a file linked many times is read once
    for path in linking_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # not text: an image, a font
        if tag_url(old) not in text:
            continue
        name = path.relative_to(root).as_posix()
        rewritten = pattern.sub(partial(_moved, text=text, name=name, move=move, trees=(old_tree, new_tree), read=read),
                                text)
        if write and rewritten != text:
            path.write_text(rewritten, encoding="utf-8")
    return move


def _moved(match: re.Match, text: str, name: str, move: LinkMove, trees: tuple[Path, Path], read) -> str:
    """The match with its link moved to the new tag, or unchanged (and listed) when it cannot be."""
    url_start = match.start("path") - len(tag_url(move.old))
    url = text[url_start:match.end()]
    link = Link(f"{name}:{text.count(chr(10), 0, url_start) + 1}", url)
    path, fragment = match["path"], match["fragment"]
    result = _new_anchor(path, fragment, *trees, move.new, read)
    if isinstance(result, str):
        move.left.append(Left(link, result))
        return match.group()
    anchor, numbers = result
    new_url = f"{tag_url(move.new)}{path}{anchor}"
    move.moved.append(Moved(link, new_url))
    prefix = "" if match["text"] is None else f"[{_renumbered(match['text'], numbers)}]("
    return prefix + new_url


def _new_anchor(path: str, fragment: str | None, old_tree: Path, new_tree: Path, new: str,
                read) -> tuple[str, dict[str, str]] | str:
    """(the new `#L..` anchor, old line numbers -> new ones), or why the link stays."""
    if not (old_tree / path).is_file():
        return "its file is not in the jax wheel (docs, CHANGELOG.md, C++, g3doc): check it by hand"
    if not (new_tree / path).is_file():
        return f"its file is not in jax {new} (removed or renamed)"
    if fragment is None:
        return "", {}
    lines = LINES.fullmatch(fragment)
    if not lines:
        return f"its anchor #{fragment} is not a line number"
    start, end = int(lines["start"]), int(lines["end"] or lines["start"])
    found = relocate(read(old_tree / path), read(new_tree / path), start, end)
    if not isinstance(found, Found):
        return found.reason
    anchor = f"#L{found.start}" if lines["end"] is None else f"#L{found.start}-L{found.end}"
    return anchor, {str(start): str(found.start), str(end): str(found.end)}


def _renumbered(text: str, numbers: dict[str, str]) -> str:
    """The link's text with the old line numbers it repeats replaced by the new ones."""
    if not numbers:
        return text
    pattern = r"(?<!\d)(?:" + "|".join(map(re.escape, numbers)) + r")(?!\d)"
    return re.sub(pattern, lambda match: numbers[match.group()], text)


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")
