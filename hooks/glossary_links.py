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

Case: a form with a capital letter in it (XLA, StableHLO, `XLA's [passes]`) matches
only as written. An all-lowercase form also matches with a capital first letter, at the
start of a sentence ("Fusion merges..."), but never in capitals throughout. A form is a
whole word: not inside a longer word, and not part of a hyphenated one (`kLoop-fusion`,
`per-pass`), so "HLO" never links inside "StableHLO".

On every other page, only prose is linked: never text inside code, pre, links, headings
and table headers, admonition titles, folded-block summaries, tab labels, the snippets'
file names, the tables of counts and the graphs the live hook adds, scripts or SVG. Of
each term, only the first use in that prose is linked, whichever form it takes.

The glossary is checked at every build: a forms line that does not sit under an entry,
an empty or repeated form, an entry whose anchor is not on the rendered page, each stops
the build with the glossary's line. Works on the HTML MkDocs renders (after
hooks/live.py has expanded the snippets), so no chapter's Markdown changes.
"""

from __future__ import annotations

import dataclasses
import html
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
# hook's tables of counts and graph figures, the row of tab labels.
SKIPPED_CLASSES = ("admonition-title", "filename", "live-summary", "live-graph", "tabbed-labels")
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())


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
            if (opened, closed) not in ((0, 0), (1, 1)) or (opened and not _parts(form)[1].strip()):
                raise GlossaryError(f"{name}:{entry.line}: the form {form!r} of {entry.term!r}: brackets "
                                    "mark the one part that is linked, as in XLA's [passes]")
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
    pattern: re.Pattern  # the page tokenizer: skipped elements, comments, tags, term uses
    words: re.Pattern  # term uses alone, for the words around a bracketed form
    spellings: dict  # a matched text, normalized -> (its entry, a pattern with groups before, link, after)


def linker(entries: list[Entry]) -> Linker:
    spellings: dict[str, tuple] = {}
    for entry in entries:
        for form in entry.forms:
            for parts in _spellings(form):
                groups = re.compile("".join(f"({_regex(part)})" for part in parts))
                spellings[_normal("".join(parts))] = (entry, groups)
    alternatives = sorted(spellings, key=len, reverse=True)  # the longest form wins: "weak types" over "weak type"
    terms = (r"(?<![\w-])(?:" + "|".join(_regex(text) for text in alternatives) + r")(?![\w-])"
             if alternatives else r"(?!x)x")
    skipped = "|".join(SKIPPED_ELEMENTS)
    pattern = re.compile(
        rf"(?P<skip><(?P<tag>{skipped})\b[^>]*>.*?</(?P=tag)\s*>)"
        r"|(?P<comment><!--.*?-->)"
        r"|(?P<close></(?P<closed>[a-zA-Z][\w-]*)\s*>)"
        r"|(?P<open><(?P<opened>[a-zA-Z][\w-]*)(?P<attributes>[^>]*)>)"
        rf"|(?P<term>{terms})",
        re.DOTALL)
    return Linker(tuple(entries), pattern, re.compile(terms), spellings)


def _normal(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def _regex(text: str) -> str:
    """Text as a pattern: any run of white space for a space (a line may break there), either apostrophe."""
    return "".join(r"\s+" if part.isspace() else re.escape(part).replace("'", "['\u2019]")
                   for part in re.split(r"(\s+)", text) if part)


def link_page(page_html: str, linker: Linker, glossary_url: str) -> str:
    """The page with the first prose use of each term linked to its entry."""
    done: set[str] = set()
    skipping = {"name": None, "depth": 0}  # an element skipped by its class, while inside it

    def use(text: str) -> str:
        entry, groups = linker.spellings[_normal(text)]
        before, core, after = groups.fullmatch(text).groups()
        if entry.anchor not in done:  # its first use: linked
            done.add(entry.anchor)
            core = (f'<a class="glossary-term" href="{glossary_url}#{entry.anchor}" '
                    f'title="{html.escape(entry.summary)}">{core}</a>')
        return words(before) + core + words(after)

    def words(text: str) -> str:  # the words around a bracketed form may hold another term
        return linker.words.sub(lambda found: use(found.group()), text) if text else text

    def token(match: re.Match) -> str:
        if match["term"] is not None:
            return match.group() if skipping["depth"] else use(match.group())
        if match["close"] is not None:
            if skipping["depth"] and match["closed"].lower() == skipping["name"]:
                skipping["depth"] -= 1
        elif match["open"] is not None:
            name = match["opened"].lower()
            if name in VOID or match["attributes"].rstrip().endswith("/"):
                pass
            elif skipping["depth"]:
                skipping["depth"] += name == skipping["name"]
            elif _has_skipped_class(match["attributes"]):
                skipping["name"], skipping["depth"] = name, 1
        return match.group()  # a skipped element, a comment, a tag: as it was

    return linker.pattern.sub(token, page_html)


CLASS = re.compile(r'\bclass="([^"]*)"')


def _has_skipped_class(attributes: str) -> bool:
    found = CLASS.search(attributes)
    return bool(found) and any(name in SKIPPED_CLASSES for name in found[1].split())


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
