"""What the two reference pages (docs/flags.md, docs/hlo-opcodes.md) must list, found in the site itself.

Shared by tests/test_reference.py and usable on its own while writing:

    uv run python tests/reference.py flags          # every flag the chapters mention, and where
    uv run python tests/reference.py opcodes SITE   # every HLO opcode in a built site's outputs
    uv run python tests/reference.py primitives SITE  # every jaxpr primitive in them (docs/jaxpr-primitives.md)

Pure reading and parsing: nothing here builds the site or runs a snippet.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
sys.path.insert(0, str(ROOT / "hooks"))

from live_engine.directives import parse_page  # noqa: E402
from live_engine.snippets import load_snippet  # noqa: E402

FLAGS_PAGE = DOCS / "flags.md"
OPCODES_PAGE = DOCS / "hlo-opcodes.md"

FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


def outside_fences(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(1-based number, line) of the lines outside fenced code blocks. A line that starts with
    backticks and has another backtick after them is inline code (```` ```bash ````), not a fence."""
    fence = None
    for number, line in enumerate(lines, start=1):
        match = FENCE.match(line)
        if fence is not None:
            if match and match["fence"][0] == fence[0] and len(match["fence"]) >= len(fence) \
                    and not match["info"].strip():
                fence = None
            continue
        if match and not (match["fence"][0] == "`" and "`" in match["info"]):
            fence = match["fence"]
            continue
        yield number, line

# ---------------------------------------------------------------------------------------------
# Flags: what counts as one
# ---------------------------------------------------------------------------------------------

# A flag-like token. Not preceded by a word character, '/', '!' or '-' (so not a path component,
# not the '--' of '<!--', not the middle of a hyphenated word or of an anchor like
# 'the-first-dump-xla_dump_to'):
#   --name_or-name        a command-line flag: --xla_dump_to, --force_fake_data, --platform
#   xla_..., jax_...      an XLA debug option (a compile-option key) or a JAX config name
#   JAX_..., XLA_..., TF_..., LIBTPU_..., TPU_..., MOSAIC_..., PALLAS_...  environment variables
FLAG_TOKEN = re.compile(
    r"(?<![\w/!-])"
    r"(?:--[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*"
    r"|(?:xla|jax)_[a-z0-9_]+"
    r"|(?:JAX|XLA|TF|LIBTPU|TPU|MOSAIC|PALLAS)_[A-Z0-9_]+)"
    r"(?![\w-])"
)
# JAX names its dump files jax_ir0000_jit_f_compile.mlir and jax_000014_loss...: file names, not options.
DUMP_FILE_NAME = re.compile(r"jax_(?:ir)?\d")


def flag_key(token: str) -> str:
    """The name a token stands for: `--xla_dump_to` and `xla_dump_to` are one option, and so are
    `JAX_ENABLE_X64` and `jax_enable_x64` (JAX reads each config option from the upper-case variable)."""
    token = token.split("=", 1)[0].lstrip("-")
    return token.lower() if token.lower().startswith("jax_") else token


@dataclasses.dataclass(frozen=True)
class Mention:
    key: str  # flag_key of the token
    token: str  # as written
    where: str  # docs/dumping.md:17, or docs/dumping.md:40 via snippets/dumping/x.py:3
    page: str  # the page it belongs to: dumping.md


def tokens_in(text: str) -> Iterator[tuple[int, str]]:
    """(1-based line, token) for every flag-like token in text, prefixes (`JAX_DUMP_IR_*`) included."""
    for number, line in enumerate(text.split("\n"), start=1):
        for match in FLAG_TOKEN.finditer(line):
            token = match.group()
            if DUMP_FILE_NAME.match(token.lstrip("-")):
                continue
            yield number, token


def chapters() -> list[Path]:
    """Every page of the site that can mention a flag: the Markdown pages and the notebooks, except
    the flags page itself."""
    pages = sorted(DOCS.glob("*.md")) + sorted(DOCS.glob("*.ipynb"))
    return [page for page in pages if page != FLAGS_PAGE]


def snippet_files(path: str) -> list[Path]:
    """A snippet and the modules from its own folder that it imports (what a reader runs)."""
    snippet = load_snippet(SNIPPETS, path)
    return [snippet.file, *sorted(set(snippet.dependencies) - {snippet.file})]


def rel(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def notebook_cells(path: Path) -> list[tuple[int, str, str]]:
    """(1-based cell number, cell type, source) of a notebook."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = []
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        source = cell.get("source", "")
        cells.append((number, cell.get("cell_type", ""), "".join(source) if isinstance(source, list) else source))
    return cells


def mentions() -> list[Mention]:
    """Every flag-like token in every page: its text (prose, code spans, code blocks), the source of
    every snippet it shows (and what those import), and a notebook's cells."""
    found: list[Mention] = []
    for page in chapters():
        name = page.name
        if page.suffix == ".ipynb":
            for cell, _, source in notebook_cells(page):
                for line, token in tokens_in(source):
                    found.append(Mention(flag_key(token), token, f"{rel(page)} cell {cell} line {line}", name))
            continue
        text = page.read_text(encoding="utf-8")
        for line, token in tokens_in(text):
            found.append(Mention(flag_key(token), token, f"{rel(page)}:{line}", name))
        seen: set[Path] = set()
        for directive in parse_page(text, rel(page)).directives:
            for file in (file for path in directive.paths for file in snippet_files(path)):
                if file in seen:
                    continue
                seen.add(file)
                for line, token in tokens_in(file.read_text(encoding="utf-8")):
                    found.append(Mention(flag_key(token), token,
                                         f"{directive.where} via {rel(file)}:{line}", name))
    return found


# ---------------------------------------------------------------------------------------------
# Markdown tables and headings
# ---------------------------------------------------------------------------------------------

@dataclasses.dataclass
class Row:
    line: int  # 1-based line in the page
    cells: dict[str, str]  # header -> raw cell text


def split_row(line: str) -> list[str]:
    """The cells of a Markdown table row; `\\|` and pipes inside code spans do not split."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    cells, current, in_code = [], [], False
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body) and body[index + 1] == "|":
            current.append("|")
            index += 2
            continue
        if char == "`":
            in_code = not in_code
        if char == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(char)
        index += 1
    cells.append("".join(current).strip())
    return cells


def tables(text: str) -> list[tuple[list[str], list[Row]]]:
    """Every pipe table of a page outside code fences: (lower-cased headers, rows)."""
    lines = dict(outside_fences(text.split("\n")))
    found, number = [], 1
    while number <= max(lines, default=0):
        line = lines.get(number, "")
        below = lines.get(number + 1, "")
        if line.lstrip().startswith("|") and re.fullmatch(r"\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*", below):
            headers = [cell.lower() for cell in split_row(line)]
            rows = []
            number += 2
            while lines.get(number, "").lstrip().startswith("|"):
                cells = split_row(lines[number])
                rows.append(Row(number, dict(zip(headers, cells + [""] * (len(headers) - len(cells))))))
                number += 1
            found.append((headers, rows))
            continue
        number += 1
    return found


CODE_SPAN = re.compile(r"`([^`]+)`")
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


def rows_of(page_text: str, headers: list[str]) -> list[Row]:
    """The rows of every table of a page whose (lower-cased) header row is `headers`."""
    return [row for found, rows in tables(page_text) if found == headers for row in rows]


def table_rows(page: Path, headers: list[str]) -> list[Row]:
    """The rows of `page`'s tables with these headers; an assertion names the page when it has none."""
    rows = rows_of(page.read_text(encoding="utf-8"), headers)
    assert rows, f"docs/{page.name} has no table with the columns {headers}"
    return rows


def names(row: Row, column: str = "name") -> list[str]:
    """The code spans of one cell: the names it gives."""
    return CODE_SPAN.findall(row.cells[column])


def sole_name(row: Row, column: str) -> str:
    """The cell's one code span, or "" where it has none or several (a malformed row)."""
    spans = names(row, column)
    return spans[0] if len(spans) == 1 else ""

MARKDOWN_EXTENSIONS = ["toc", "attr_list", "admonition", "tables", "md_in_html",
                       "pymdownx.details", "pymdownx.highlight", "pymdownx.superfences", "pymdownx.tabbed"]
# Only the headings' ids are read: code blocks are fenced as on the site but not highlighted (Pygments was
# four fifths of the time), which changes no id.
MARKDOWN_CONFIGS = {"pymdownx.tabbed": {"alternate_style": True}, "pymdownx.highlight": {"use_pygments": False}}


@dataclasses.dataclass
class Heading:
    id: str
    level: int
    line: int  # 1-based line of the heading
    end: int  # last line of its section: up to the next heading of the same or a higher level


def headings(text: str) -> list[Heading]:
    """The page's headings with the ids Python-Markdown's toc gives them (as MkDocs Material does),
    and the lines each one's section spans. Ids come from rendering the page, so `{#custom}` ids,
    code spans and duplicate titles (`_1`) come out as on the site."""
    return [dataclasses.replace(heading) for heading in _headings(text)]


@functools.lru_cache(maxsize=128)  # keyed on the text: the flags table links the same pages 170 times
def _headings(text: str) -> tuple[Heading, ...]:
    import markdown

    md = markdown.Markdown(extensions=MARKDOWN_EXTENSIONS, extension_configs=MARKDOWN_CONFIGS)
    md.convert(text)

    def flatten(tokens):
        for token in tokens:
            yield token
            yield from flatten(token["children"])

    rendered = list(flatten(md.toc_tokens))
    lines = text.split("\n")
    places = []
    for number, line in outside_fences(lines):
        match = re.match(r"^ {0,12}(#{1,6})\s+\S", line)
        if match:
            places.append((number, len(match.group(1))))
    if len(places) != len(rendered):
        raise AssertionError(f"found {len(places)} heading lines but Markdown rendered {len(rendered)} headings")
    found = []
    for (number, level), token in zip(places, rendered):
        found.append(Heading(token["id"], level, number, len(lines)))
    for index, heading in enumerate(found):
        for later in found[index + 1:]:
            if later.level <= heading.level:
                heading.end = later.line - 1
                break
    return tuple(found)


# ---------------------------------------------------------------------------------------------
# A page as the reference tables link to it: its sections, and what runs in each
# ---------------------------------------------------------------------------------------------

@dataclasses.dataclass
class LinkedPage:
    """A page of the site: its Markdown text (a notebook's cells, code cells fenced), its headings,
    and the runnable sources in it, each at the line where it sits."""

    name: str
    text: str
    headings: list[Heading]
    sources: list[tuple[int, str, str]]  # (line, label, text): a snippet file (or its import), a code cell

    def section(self, anchor: str | None) -> tuple[int, int] | None:
        """First and last line of the section an anchor names (the whole page without one)."""
        if not anchor:
            return 1, len(self.text.split("\n"))
        for heading in self.headings:
            if heading.id == anchor:
                return heading.line, heading.end
        return None

    def keys_in(self, first: int, last: int) -> set[str]:
        """flag_key of every flag-like token in those lines and in the sources placed there."""
        lines = self.text.split("\n")[first - 1:last]
        keys = {flag_key(token) for _, token in tokens_in("\n".join(lines))}
        for line, _, text in self.sources:
            if first <= line <= last:
                keys |= {flag_key(token) for _, token in tokens_in(text)}
        return keys

    def live_sources(self, first: int, last: int) -> list[tuple[str, set[str]]]:
        """(label, keys) of each runnable source in those lines."""
        return [(label, {flag_key(token) for _, token in tokens_in(text)})
                for line, label, text in self.sources if first <= line <= last]


def linked_page(name: str) -> LinkedPage | None:
    """The page `name` (as a link names it: dumping.md, case-study.ipynb, recipes/nan-source.md), or
    None if there is none."""
    path = DOCS / name
    if not path.is_file() or path.parent not in (DOCS, DOCS / "recipes"):
        return None
    if path.suffix == ".ipynb":
        parts, sources, line = [], [], 1
        for cell, kind, source in notebook_cells(path):
            if kind == "code":
                block = "```python\n" + source + "\n```\n"
                sources.append((line + 1, f"{name} cell {cell}", source))
            else:
                block = source + "\n"
            parts.append(block)
            line += block.count("\n") + 1
        text = "\n".join(parts)
    else:
        text = path.read_text(encoding="utf-8")
        sources = []
        for directive in parse_page(text, rel(path)).directives:
            for file in (file for path in directive.paths for file in snippet_files(path)):
                sources.append((directive.line, rel(file), file.read_text(encoding="utf-8")))
    return LinkedPage(name, text, headings(text), sources)


# ---------------------------------------------------------------------------------------------
# HLO opcodes in outputs
# ---------------------------------------------------------------------------------------------

# An HLO element type followed by its dimensions: f32[8,16], pred[], token[], bf16[2], u8[3].
_ARRAY = r"(?:pred|token|opaque|bf16|f8e[0-9a-z]+|f4e2m1fn|[fsuc]\d+)\[[^\]]*\](?:\{[^}]*\})?"
# An HLO instruction: `[ROOT ]%name = SHAPE opcode(`, where SHAPE is an array shape with an
# optional layout ({1,0}), or a tuple of them: (f32[2]{0}, /*index=5*/s32[]). The shape is matched
# lazily up to the first ` opcode(`, which never occurs inside a shape.
HLO_INSTRUCTION = re.compile(
    r"(?<![\w%.-])(?:ROOT\s+)?%?[\w.-]+\s=\s"
    r"(?P<shape>" + _ARRAY + r"|\((?:[^()]|\([^()]*\))*\))"
    r"\s(?P<opcode>[a-z][a-z0-9-]*)\("
)


def opcodes_in(text: str) -> Iterator[str]:
    """Every opcode of an HLO instruction line in text (any line of any output: an excerpt or a diff
    line counts as long as it holds a whole `name = shape opcode(` instruction)."""
    for match in HLO_INSTRUCTION.finditer(text):
        yield match.group("opcode")


def live_outputs(site: Path) -> list[tuple[str, str, str]]:
    """(page, snippet, output text) for every live output of a built site (see tests/test_site.py)."""
    from test_site import live_outputs as outputs  # noqa: PLC0415 (shares the parser, imports pytest)

    return outputs(site)


def page_of(html_path: str) -> str:
    """`dumping/index.html` -> `dumping.md`; `index.html` -> `index.md`."""
    parent = Path(html_path).parent.as_posix()
    return "index.md" if parent in ("", ".") else f"{parent}.md"


def notebook_outputs(site: Path) -> list[tuple[str, str, str]]:
    """(page, 'cell output', text) for the output areas of notebooks rendered by mkdocs-jupyter."""
    found = []
    for notebook in sorted(DOCS.glob("*.ipynb")):
        page = site / notebook.stem / "index.html"
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r'class="[^"]*\bjp-OutputArea-output\b[^"]*"[^>]*>\s*(?:<div[^>]*>\s*)?<pre[^>]*>(.*?)</pre>', text, re.S):
            found.append((f"{notebook.stem}/index.html", notebook.name, html.unescape(re.sub(r"<[^>]+>", "", block))))
    return found


def sightings(site: Path, names_in) -> dict[str, dict[str, set[str]]]:
    """name -> page (dumping.md, case-study.ipynb) -> the snippets (or notebook) whose output shows it,
    for the names `names_in(text)` finds in each live output and notebook output."""
    seen: dict[str, dict[str, set[str]]] = {}
    notebooks = {nb.name for nb in DOCS.glob("*.ipynb")}
    for html_path, source, text in live_outputs(site) + notebook_outputs(site):
        page = source if source in notebooks else page_of(html_path)
        for name in names_in(text):
            seen.setdefault(name, {}).setdefault(page, set()).add(source)
    return seen


def opcode_sightings(site: Path) -> dict[str, dict[str, set[str]]]:
    return sightings(site, opcodes_in)


# ---------------------------------------------------------------------------------------------
# Jaxpr primitives in outputs
# ---------------------------------------------------------------------------------------------

PRIMITIVES_PAGE = DOCS / "jaxpr-primitives.md"

# Hyphens too: the scatter family is named `scatter-add`, `scatter-mul`, ... (`scatter_add_p` and its
# siblings in jax/_src/lax/slicing.py).
_PRIMITIVE = r"(?P<primitive>[a-z_][a-z0-9_]*(?:-[a-z0-9_]+)*)"
# A binder: a variable (letters, or `_` for a dropped result) and its type, which holds no space
# or `=`: f32[8,4], bool[], f32[64@x,16], f32[16]{V:x}, Ref<default>{f32[4,8]}.
_BINDER = r"(?:[a-z]+|_):[^\s=]+"
# An equation with results, `a:f32[] b:f32[] = prim[params] args`: the last binder, ` = `, and the
# primitive's name, followed by its params, an argument or the end of the line. Nested jaxprs
# print their equations the same way, inside a parameter (`jaxpr={ lambda ; ... let`).
JAXPR_EQUATION = re.compile(r"(?:(?<=[\s;(])|^)" + _BINDER + r" = " + _PRIMITIVE + r"(?=[\[\s]|$)", re.M)
# An argument: a variable, or a literal with its type (1.0:f32[], 0:i32[], True:bool[]).
_ATOM = r"(?:[a-z]+|[-\w.]+:[^\s=]+)"
# Params open with `[` and a `key=` (or `[` ends the line and they follow); never `[...]` or `[0:4]`,
# which index a ref (`c[...] <- f`).
_PARAMS = r"\[(?:$|[a-z_]\w*=)"
# An equation without results prints as `prim[params] args` (a debug_callback, for one). It is
# taken only where an equation must start: after `. let ` or `; ` on the line of a jaxpr printed
# on one line...
_NO_RESULT_INLINE = re.compile(r"(?:\. let|;) " + _PRIMITIVE + r"(?=" + _PARAMS + r"| " + _ATOM + r"(?: |;|$))")
# ...or as a whole line, right below a jaxpr's `. let` (indented further) or below the start or
# the `] args` end of the equation before it (at the same indentation).
_NO_RESULT_LINE = re.compile(r"^" + _PRIMITIVE + r"(?:" + _PARAMS + r".*| " + _ATOM + r"(?: " + _ATOM + r")*)$")
_EQUATION_START = re.compile(r"^(?:" + _BINDER + r" )*" + _BINDER + r" = [a-z_]")
# A get or swap in ref notation starts an equation too (`g:f32[4] <- c[...]`, `f[...] <- i`,
# `h:f32[4], d[...] <- d[...], g`), so an equation without results may follow it.
_REF_EQUATION_START = re.compile(r"^(?:(?:" + _BINDER + r"|[a-z]+\[[^\]]*\]),? )+<- ")


def primitives_in(text: str) -> Iterator[str]:
    """The primitive of every jaxpr equation in text, in the order printed, nested jaxprs included:
    `c:f32[8] = add a b`, `_:i32[] b:f32[4] = scan[...`, and `debug_callback[...] a` (no results)
    where an equation must start. A primitive printed in a notation of its own, without its name
    (`g:f32[4,8] <- d[...]` is a `get`), is not taken."""
    found: list[tuple[int, str]] = []
    offset = 0
    previous: tuple[str, int, bool] | None = None  # (stripped text, indentation, starts an equation)
    for line in text.split("\n"):
        for match in JAXPR_EQUATION.finditer(line):
            found.append((offset + match.start("primitive"), match.group("primitive")))
        start = line.find(". let ")
        if start >= 0 and "{ lambda" in line:
            for match in _NO_RESULT_INLINE.finditer(line, start):
                found.append((offset + match.start("primitive"), match.group("primitive")))
        stripped, indent = line.strip(), len(line) - len(line.lstrip())
        starts = bool(_EQUATION_START.match(stripped) or _REF_EQUATION_START.match(stripped))
        match = _NO_RESULT_LINE.match(stripped)
        if match and previous is not None:
            above, above_indent, above_starts = previous
            if (above.endswith(". let") and indent > above_indent) or (
                    indent == above_indent and (above_starts or above.startswith("]"))):
                found.append((offset + indent, match.group("primitive")))
                starts = True
        if stripped:
            previous = (stripped, indent, starts)
        offset += len(line) + 1
    for _, primitive in sorted(found):
        yield primitive


def primitive_sightings(site: Path) -> dict[str, dict[str, set[str]]]:
    return sightings(site, primitives_in)


def _main(argv: list[str]) -> None:
    if argv[:1] == ["flags"]:
        by_key: dict[str, list[Mention]] = {}
        for mention in mentions():
            by_key.setdefault(mention.key, []).append(mention)
        for key in sorted(by_key):
            pages = sorted({m.page for m in by_key[key]})
            print(f"{key}: {', '.join(pages)}  (first: {by_key[key][0].where})")
    elif argv[:1] == ["opcodes"] and len(argv) == 2:
        sys.path.insert(0, str(Path(__file__).parent))
        for opcode, pages in sorted(opcode_sightings(Path(argv[1])).items()):
            print(f"{opcode}: " + "; ".join(f"{page} ({', '.join(sorted(s))})" for page, s in sorted(pages.items())))
    elif argv[:1] == ["primitives"] and len(argv) == 2:
        sys.path.insert(0, str(Path(__file__).parent))
        for primitive, pages in sorted(primitive_sightings(Path(argv[1])).items()):
            print(f"{primitive}: " + "; ".join(f"{page} ({', '.join(sorted(s))})" for page, s in sorted(pages.items())))
    elif argv[:1] == ["shown-on"] and len(argv) == 2:
        sys.path.insert(0, str(Path(__file__).parent))
        for page, sightings_of in ((OPCODES_PAGE, opcode_sightings), (PRIMITIVES_PAGE, primitive_sightings)):
            for line in rewrite_shown_on(page, sightings_of(Path(argv[1]))):
                print(line)
    else:
        raise SystemExit(__doc__)


def rewrite_shown_on(page: Path, seen: dict[str, dict[str, set[str]]]) -> list[str]:
    """Rewrite each row's 'shown on' links (the last cell) to the pages whose outputs show its
    name; a cell that says it is listed for completeness keeps its words. Returns what a
    person must still do: names with no row."""
    lines, rows = page.read_text(encoding="utf-8").split("\n"), set()
    for number, line in enumerate(lines):
        name = re.match(r"^\| `([^`]+)` \|", line)
        if not name or name.group(1) not in seen:
            continue
        rows.add(name.group(1))
        head, _, last = line.rstrip().rstrip("|").rpartition(" | ")
        links = ", ".join(f"[{shown.removesuffix('.md').removesuffix('.ipynb')}]({shown})"
                          for shown in sorted(seen[name.group(1)]))
        kept = LINK.sub("", last).strip(" ,;")
        lines[number] = f"{head} | {links}{'; ' + kept if kept else ''} |"
    page.write_text("\n".join(lines), encoding="utf-8")
    return [f"{page.name}: `{name}` has no row; seen on {', '.join(sorted(seen[name]))}"
            for name in sorted(set(seen) - rows)]


if __name__ == "__main__":
    _main(sys.argv[1:])
