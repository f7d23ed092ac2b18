"""MkDocs hook: the first use of each glossary term in a page's prose links to its entry.

The glossary page (docs/glossary.md) is the only list of terms. Each `## ` heading there
is an entry: its text is the term as it reads in a sentence, and its anchor is the one
MkDocs gives the heading (or an explicit `{#id}`). A comment right under the heading may
declare the term's other forms, comma-separated:

    ## compiler pass

    <!-- forms: compiler passes, XLA's [passes], HLO [pass] -->

A form with a part in brackets links only that part, and only where the words around it
are there too: `XLA's [passes]` links "passes" after "XLA's" and nowhere else. That is
how a word with an everyday meaning ("pass" as a verb, a "forward pass") stays unlinked.
A form that starts with `!` is a phrase that is never a use of the term, such as
`!hyperbolic tangent` for "tangent": where it matches, nothing in it is linked.

Case: a form with a capital letter in it (XLA, StableHLO, `XLA's [passes]`) matches
only as written. An all-lowercase form also matches with a capital first letter, as at
the start of a sentence ("Fusion merges..."), but wherever it stands (hence
`!Fusion Explorer`), and never in capitals throughout. A form is a
whole word: not inside a longer word, and not part of a hyphenated one (`kLoop-fusion`,
`layout-assignment`), so "HLO" never links inside "StableHLO".

On every other page, only prose is linked: never text inside code, pre, links, headings
and table headers, admonition titles, folded-block summaries, tab labels, the snippets'
file names, the tables of counts and the graphs the live hook adds, a notebook cell's
hidden source, scripts or SVG. Of each term, only the first use in that prose is
linked, whichever form it takes; the link's tooltip is the entry's first sentence.

The glossary is checked at every build: a forms line that does not sit under an entry,
an empty or repeated form, an entry with no text, an entry whose anchor is not on the
rendered page, each stops the build with the glossary's line.

Works on the HTML MkDocs renders (after hooks/live.py has expanded the snippets), so no
chapter's Markdown changes. Kept fast for pages of half a megabyte that are mostly
listings: the skipped parts are jumped over with `str.find`, and the prose between them
is searched once, with one pattern that holds every form as a tree of letters.
"""

from __future__ import annotations

import bisect
import dataclasses
import html
import itertools
import re

from markdown.extensions.toc import slugify as default_slugify
from mkdocs.exceptions import PluginError

GLOSSARY = "glossary.md"  # docs-relative

HEADING = re.compile(r"^## +(?P<text>.+?)(?:\s*\{\s*#(?P<id>[\w-]+)\s*\})?\s*$")
FORMS = re.compile(r"^<!--\s*forms:(?P<forms>.*?)-->\s*$")
FORMS_LIKE = re.compile(r"^\s*<!--\s*forms\b")  # a forms line, well-formed or not
FENCE = re.compile(r"^\s*(```|~~~)")
MARKDOWN_MARKUP = re.compile(r"`|\*\*?|\[([^\]]*)\]\([^)]*\)")
SENTENCE_END = re.compile(r"(?<=[.!?])\s")

# Elements whose whole content is left alone; matched with their content in one step.
SKIPPED_ELEMENTS = ("pre", "code", "kbd", "samp", "a", "h1", "h2", "h3", "h4", "h5", "h6", "th",
                    "summary", "label", "button", "textarea", "script", "style", "svg", "title")
# Elements left alone by class: admonition titles, the name above a listing, the live
# hook's tables of counts and graph figures, the row of tab labels, and the hidden copy
# of each notebook cell's source that mkdocs-jupyter's copy button reads.
SKIPPED_CLASSES = ("admonition-title", "filename", "live-summary", "live-graph", "tabbed-labels",
                   "clipboard-copy-txt")


class GlossaryError(Exception):
    """A glossary that cannot be used; the message names the glossary's line."""


@dataclasses.dataclass(frozen=True)
class Entry:
    term: str  # the heading's text
    anchor: str  # the id of the heading on the glossary page
    line: int  # 1-based line of the heading in the glossary's Markdown
    forms: tuple[str, ...]  # the heading's text first, then the declared forms
    summary: str  # the entry's first sentence, plain text: the links' tooltip


def read_glossary(markdown: str, name: str = f"docs/{GLOSSARY}", slugify=default_slugify) -> list[Entry]:
    """The entries of a glossary page, or GlossaryError naming the line at fault."""
    entries: list[dict] = []
    fenced = False
    for number, line in enumerate(markdown.split("\n"), start=1):
        fence = FENCE.match(line)
        fenced = fenced != bool(fence)
        if fenced or fence:
            continue
        heading = HEADING.match(line)
        if heading:
            term = MARKDOWN_MARKUP.sub(lambda link: link.group(1) or "", heading["text"]).strip()
            entries.append({"term": term, "anchor": heading["id"] or slugify(term, "-"), "line": number,
                            "forms": [term], "open": True, "paragraph": [], "done": False})
        elif FORMS_LIKE.match(line):
            entry = entries[-1] if entries else None
            if entry is None or not entry["open"]:
                raise GlossaryError(f"{name}:{number}: forms listed with no entry: a forms line goes right "
                                    "under an entry's `## ` heading")
            forms = FORMS.match(line.strip())
            if forms is None:
                raise GlossaryError(f"{name}:{number}: malformed forms line: write <!-- forms: a, b, c -->")
            declared = [form.strip() for form in forms["forms"].split(",")]
            if not all(declared):
                raise GlossaryError(f"{name}:{number}: an empty form in the list (a stray comma?)")
            entry["forms"] += declared
            entry["open"] = False
        elif entries:  # the entry's text: its first paragraph is the links' tooltip
            entry = entries[-1]
            if line.strip():
                entry["open"] = False
                if not entry["done"]:
                    entry["paragraph"].append(line.strip())
            elif entry["paragraph"]:
                entry["done"] = True
    result = []
    for entry in entries:
        if not entry["paragraph"]:
            raise GlossaryError(f"{name}:{entry['line']}: the entry {entry['term']!r} has no text under it")
        plain = MARKDOWN_MARKUP.sub(lambda link: link.group(1) or "", " ".join(entry["paragraph"]))
        result.append(Entry(entry["term"], entry["anchor"], entry["line"], tuple(entry["forms"]),
                            SENTENCE_END.split(plain, maxsplit=1)[0]))
    _check_forms(result, name)
    return result


def _check_forms(entries: list[Entry], name: str) -> None:
    seen: dict[str, Entry] = {}
    for entry in entries:
        for form in entry.forms:
            opened, closed = form.count("["), form.count("]")
            if (opened, closed) not in ((0, 0), (1, 1)) or (opened and not _parts(form)[1].strip()) or (
                    opened and form.startswith("!")) or not form.lstrip("!").strip():
                raise GlossaryError(f"{name}:{entry.line}: the form {form!r} of {entry.term!r}: brackets "
                                    "mark the one part that is linked, as in XLA's [passes], and a "
                                    "!phrase that is never linked has none")
            for spelling in _spellings(form):
                key = _normal("".join(spelling))
                if key in seen:
                    raise GlossaryError(f"{name}:{entry.line}: the form {form!r} of {entry.term!r} is also a form "
                                        f"of {seen[key].term!r} (line {seen[key].line}): a form belongs to one entry")
                seen[key] = entry


def _exact(form: str) -> bool:
    """A form with a capital letter matches only as written."""
    return form != form.lower()


def _spellings(form: str) -> list[tuple[str, str, str]]:
    """The texts a form matches, each cut into (words before the link, the link, words after)."""
    form = form.removeprefix("!")
    before, core, after = _parts(form)
    if _exact(form):
        return [(before, core, after)]
    if before:  # also at the start of a sentence
        return [(before, core, after), (before[0].upper() + before[1:], core, after)]
    return [(before, core, after), (before, core[0].upper() + core[1:], after)]


def _parts(form: str) -> tuple[str, str, str]:
    if "[" not in form:
        return "", form, ""
    before, rest = form.split("[", 1)
    core, after = rest.split("]", 1) if "]" in rest else (rest, "")
    return before, core, after


def check_anchors(entries: list[Entry], glossary_html: str, name: str = f"docs/{GLOSSARY}") -> None:
    """Every entry's anchor is an id on the rendered glossary page."""
    ids = set(re.findall(r'\bid="([^"]*)"', glossary_html))
    for entry in entries:
        if entry.anchor not in ids:
            raise GlossaryError(f"{name}:{entry.line}: the entry {entry.term!r} has no anchor #{entry.anchor} on "
                                "the rendered page (a repeated heading gets a suffix; give it {#an-id})")


@dataclasses.dataclass(frozen=True)
class Linker:
    """The compiled matcher for one glossary."""

    entries: tuple[Entry, ...]
    words: re.Pattern  # a use of any form, group 1, after the character before it (the fast way to scan)
    alone: str  # the pattern of a use anywhere in a short text (compiled, and cached, by `re` when used)
    spellings: dict  # matched text, normalized -> (its entry, pieces before the link, pieces in it)


def linker(entries: list[Entry]) -> Linker:
    spellings: dict[str, tuple] = {}
    for entry in entries:
        for form in entry.forms:
            for before, core, _ in _spellings(form):  # a !phrase: a use of no entry, never linked
                spellings[_normal(before + core + _)] = (None if form.startswith("!") else entry,
                                                         len(PIECES.findall(before)), len(PIECES.findall(core)))
    trie = _trie(spellings)
    return Linker(tuple(entries), re.compile(rf"{BEFORE_A_WORD}({trie})(?![\w-])"),
                  rf"(?<![\w-])(?:{trie})(?![\w-])", spellings)


PIECES = re.compile(r"\s+|[^\s]+")  # words and the white space between them
# What may stand before a word: white space, the end of a tag, punctuation. A set of plain
# characters, where `[^\w-]` would do too, because `re` then finds candidates several times faster.
BEFORE_A_WORD = "[\\s>(\\[{\"'/\\0\u201c\u2018\u2014\u2013;:,.!?*=+|&]"


def _normal(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def _regex(text: str) -> str:
    """Text as a pattern: any run of white space for a space (a line may break there), either apostrophe."""
    return "".join(_token(part) for part in re.split(r"(\s+)", text) if part)


def _token(text: str) -> str:
    return r"\s+" if text.isspace() else re.escape(text).replace("'", "['\u2019]")


def _trie(spellings) -> str:
    """One pattern for all spellings, as a tree of their letters: at a given place in the text,
    Python's `re` tries one branch per first letter, not every spelling in turn. The longest
    spelling wins."""
    root: dict = {}
    for spelling in spellings:
        node = root
        for piece in re.findall(r"\s+|.", spelling, re.DOTALL):
            node = node.setdefault(" " if piece.isspace() else piece, {})
        node[""] = {}

    def pattern(node: dict, first: bool = False) -> str:
        branches = [_token(piece) + pattern(child) for piece, child in sorted(node.items()) if piece]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 and not first else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(root, first=True) if root else r"(?!x)x"


# Where a skipped part starts: a skipped element, an element with a skipped class, a comment.
SKIP_START = re.compile(
    r"<(?:!--|(?P<name>" + "|".join(SKIPPED_ELEMENTS) + r")(?=[\s/>])"
    r"|(?P<parent>div|span|p|figure) class=\"(?:[^\"]*\s)?(?:" + "|".join(SKIPPED_CLASSES) + r")[\s\"])")
# (The class is the first attribute of each such element, as Markdown, Material and
# mkdocs-jupyter write them; not looking further keeps the search fast.)
OPEN_TAG: dict[str, re.Pattern] = {}
CLOSE = {name: f"</{name}>" for name in SKIPPED_ELEMENTS}


def _skipped_end(page: str, start: re.Match) -> int:
    """Where the skipped part that `start` opens ends: after its comment, or after the end tag
    that closes its element. Markdown writes tags in lower case, so plain `find` does."""
    name = start["name"] or start["parent"]
    if name is None:  # a comment
        end = page.find("-->", start.end())
        return len(page) if end < 0 else end + 3
    close = f"</{name}>"
    position, depth = start.end(), 1
    while depth:
        end = page.find(close, position)
        if end < 0:
            return len(page)
        if start["parent"]:  # a div, a span: one may sit inside another (a pre or a link cannot)
            if name not in OPEN_TAG:
                OPEN_TAG[name] = re.compile(rf"<{name}(?=[\s/>])")
            depth += len(OPEN_TAG[name].findall(page, position, end))
        depth -= 1
        position = end + len(close)
    return position


def link_page(page_html: str, linker: Linker, glossary_url: str) -> str:
    """The page with the first prose use of each term linked to its entry."""
    done: set[str] = set()

    def use(text: str) -> str:
        entry, before, core = linker.spellings[_normal(text)]
        if entry is None:  # a !phrase, such as "hyperbolic tangent": the words are not the term
            return text
        pieces = PIECES.findall(text)
        if before or core < len(pieces):  # cut it where the form is cut, whatever white space it has
            before, core, after = ("".join(pieces[:before]), "".join(pieces[before:before + core]),
                                   "".join(pieces[before + core:]))
        else:
            before, core, after = "", text, ""
        if entry.anchor not in done:  # its first use: linked
            done.add(entry.anchor)
            core = (f'<a class="glossary-term" href="{glossary_url}#{entry.anchor}" '
                    f'title="{html.escape(entry.summary)}">{core}</a>')
        return words(before) + core + words(after)

    def words(text: str) -> str:  # the words around a bracketed form may hold a term too
        return re.sub(linker.alone, lambda found: use(found.group()), text) if text else text

    # The prose: what lies between the skipped parts, each piece with the character before it.
    page = "\n" + page_html  # so that a term at the very start has a character before it
    starts, pieces, position = [], [], 1
    search, find = SKIP_START.search, page.find
    while True:
        skipped = search(page, position)
        starts.append(position - 1)
        if skipped is None:
            pieces.append(page[position - 1:])
            break
        pieces.append(page[position - 1:skipped.start()])
        name = skipped["name"]
        if name:  # the most common case, inline: an element that cannot hold another of its kind
            end = find(CLOSE[name], skipped.end())
            position = end + len(CLOSE[name]) if end >= 0 else len(page)
        else:
            position = _skipped_end(page, skipped)
    # One scan of all the prose at once (NUL between the pieces, never part of a term).
    offsets = list(itertools.accumulate((len(piece) + 1 for piece in pieces[:-1]), initial=0))
    edits = []
    for found in linker.words.finditer("\0".join(pieces)):
        index = bisect.bisect_right(offsets, found.start(1)) - 1
        piece, at = pieces[index], found.start(1) - offsets[index]
        if piece.rfind("<", 0, at) > piece.rfind(">", 0, at):
            continue  # inside a tag: an attribute's value, not text
        linked = use(found[1])
        if linked != found[1]:
            edits.append((starts[index] + at, starts[index] + at + len(found[1]), linked))
            if len(done) == len(linker.entries):
                break
    out, position = [], 1
    for start, end, linked in edits:
        out += [page[position:start], linked]
        position = end
    return "".join(out) + page[position:]


# MkDocs events -----------------------------------------------------------------------

_state: dict = {"linker": None, "text": None}


def on_files(files, config):
    """Read the glossary at every build (it may have changed under `mkdocs serve`)."""
    glossary = files.get_file_from_path(GLOSSARY)
    if glossary is None:  # a site without a glossary (a test site): nothing to link
        _state["linker"], _state["text"] = None, None
        return files
    text = glossary.content_string
    if text != _state["text"]:
        slugify = config["mdx_configs"].get("toc", {}).get("slugify", default_slugify)
        try:
            entries = read_glossary(text, slugify=slugify)
        except GlossaryError as error:
            raise PluginError(f"glossary: {error}") from None
        _state["linker"], _state["text"] = linker(entries), text
    return files


def on_page_content(page_html, page, config, files):
    found: Linker | None = _state["linker"]
    if found is None:
        return page_html
    if page.file.src_uri == GLOSSARY:
        try:
            check_anchors(list(found.entries), page_html)
        except GlossaryError as error:
            raise PluginError(f"glossary: {error}") from None
        return page_html
    target = files.get_file_from_path(GLOSSARY)
    return link_page(page_html, found, target.url_relative_to(page.file))
