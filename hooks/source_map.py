"""MkDocs hook: source to IR, as Compiler Explorer does it for C++ and assembly.

On a snippet shown with `map=source` (the engine wraps its source and output in a
`<div class="live-map">`), each line of the output that JAX recorded a Python location
for is tied to the line of the snippet that produced it, and back. The mapping is
computed here, at build time, from what the output itself prints:

- a jaxpr printed with `pretty_print(source_info=True)`: `# snippets/x.py:7:12 (f)`
  after each equation;
- HLO: `metadata={... stack_frame_id=N}` resolved through the module's FileNames,
  FunctionNames, FileLocations and StackFrames tables, or `source_file=... source_line=N`;
- StableHLO printed with `debug_info=True`: `loc(#locN)` resolved through the `#loc`
  definitions (named locations, call sites, fused locations).

Only frames in the snippet's own file count; of a call chain, the innermost one in it.
So JAX's frames, the engine's and those of modules the snippet imports never show.
Lines become `<span class="sm-line" data-line="N">` (source, N its line in the file)
and `<span class="sm-line" data-src="N M">` (output); assets/ir-source-map.js marks
the matching lines while the pointer is on one. Nothing changes a listing's text.
"""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path

from live_engine.snippets import SECTION_MARK

log = logging.getLogger("mkdocs.plugins.live")
_serving = False  # under `mkdocs serve` a problem is logged at INFO: with strict, a warning ends serve

MAP_DIV = re.compile(r'<div\b(?=[^>]*\bclass="live-map")[^>]*>')
DIV_TAG = re.compile(r"<(/?)div\b[^>]*>")
CODE = re.compile(r'(<div class="language-(?P<lang>[\w-]+) highlight">.*?<code>)(?P<body>.*?)(</code>)', re.DOTALL)
TAG = re.compile(r"<[^>]+>")
LINE_ANCHOR = re.compile(r'^(<a id="__codelineno-[^"]*"[^>]*></a>)?')

# jaxpr: an equation's location, as pretty_print(source_info=True) ends its first line.
JAXPR_LOCATION = re.compile(r"#\s+(?P<file>[^\s#:]+):(?P<line>\d+)(?::\d+)?(?:\s+\([^)]*\))?\s*$")
JAXPR_RESET = re.compile(r"^\s*(?:\{\s*lambda\b|let\s*$|in\s)|\blambda\b|\s=\s+[a-z_]\w*(?:\[|\s|$)")
# HLO: the location tables and an instruction's metadata.
HLO_TABLES = ("FileNames", "FunctionNames", "FileLocations", "StackFrames")
HLO_ROW = re.compile(r"^(\d+) (.*)$")
STACK_FRAME = re.compile(r"\bstack_frame_id=(\d+)")
SOURCE_FILE = re.compile(r'\bsource_file="(?P<file>[^"]*)"\s+source_line=(?P<line>\d+)')
# StableHLO: a location definition, and the location an operation ends with.
LOC_DEF = re.compile(r"^(?P<id>#loc\d*) = loc\((?P<body>.*)\)\s*$")
LOC_USE = re.compile(r"loc\((?P<body>#loc\d*|\"[^\"]*\":\d+[^)]*)\)\s*$")
FILE_LOC = re.compile(r'^"(?P<file>[^"]*)":(?P<line>\d+)')
NAMED_LOC = re.compile(r'^"[^"]*"\((?P<inner>#loc\d*)\)$')
CALLSITE = re.compile(r"^callsite\((?P<callee>#loc\d*) at (?P<caller>#loc\d*)\)$")
FUSED = re.compile(r"^fused(?:<[^>]*>)?\[(?P<parts>[^\]]*)\]$")
MODULE_START = re.compile(r"^(?:HloModule |module @)")

HINT = ('<p class="sm-hint">Point at a line of the source or of the output: the lines that '
        'match are marked in both.</p>\n')


def on_startup(command, dirty):
    global _serving
    _serving = command == "serve"


def on_page_content(html_text, page, config, files):
    if 'class="live-map"' not in html_text:
        return html_text
    snippets = Path(config.config_file_path).parent / "snippets"
    return link_page(html_text, snippets, f"docs/{page.file.src_uri}")


def link_page(page_html: str, snippets: Path, page: str = "page") -> str:
    """Every live-map block of a page, its lines linked."""
    out, position = [], 0
    for opening in MAP_DIV.finditer(page_html):
        if opening.start() < position:
            continue  # nested in a block already done (never written so)
        end = _div_end(page_html, opening.end())
        attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', opening.group()))
        name, section = html.unescape(attributes["data-snippet"]), attributes.get("data-section") or None
        source = (snippets / name).read_text(encoding="utf-8")
        body, mapped = link_block(page_html[opening.end():end], name, source, section)
        if not mapped:  # named at the directive's chapter line, which render() wrote on the div
            where = f"{page}:{attributes['data-line']}" if attributes.get("data-line") else page
            (log.info if _serving else log.warning)(
                "live: %s: %s has map=source, but no line of its output names a line of snippets/%s "
                "(print the IR with its locations, or drop map=source: see docs/writing.md)", where, name, name)
        out += [page_html[position:opening.end()], HINT, body]
        position = end
    return "".join(out) + page_html[position:]


def _div_end(text: str, start: int) -> int:
    """Offset of the `</div>` closing the div opened just before `start`."""
    depth = 1
    for tag in DIV_TAG.finditer(text, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag.start()
    raise ValueError("unclosed live-map div")


def link_block(block: str, name: str, source: str, section: str | None) -> tuple[str, int]:
    """The block with its source and output lines wrapped; and how many output lines are mapped."""
    file_lines = shown_file_lines(source, section)
    snippet_file = f"snippets/{name}"
    mapped, used = 0, set()
    pieces, position = [], 0
    codes = list(CODE.finditer(block))
    outputs = []
    for code in codes:
        if code["lang"] == "python":
            continue
        lines = code["body"].split("\n")
        texts = [html.unescape(TAG.sub("", line)) for line in lines]
        where = output_locations(texts, snippet_file)
        outputs.append((code, lines, where))
        for found in where:
            used |= found
            mapped += bool(found)
    for code in codes:
        lines = code["body"].split("\n")
        if code["lang"] == "python":
            if len(lines) - (lines[-1] == "") != len(file_lines):
                continue  # not the snippet's shown source (a check's code, say)
            numbers = file_lines + [None] * (len(lines) - len(file_lines))
            attributes = [f'data-line="{n}"' if n in used else None for n in numbers]
        else:
            where = next(w for c, _, w in outputs if c is code)
            attributes = [f'data-src="{" ".join(map(str, sorted(found)))}"' if found else None for found in where]
        pieces += [block[position:code.start("body")], _wrapped(lines, attributes)]
        position = code.end("body")
    return "".join(pieces) + block[position:], mapped


def _wrapped(lines: list[str], attributes: list[str | None]) -> str:
    """The code's lines joined again, each with an attribute in a span that holds its newline
    (drawn as a block, as Material draws highlighted lines, so no empty line appears)."""
    out = []
    for i, (line, attribute) in enumerate(zip(lines, attributes)):
        end = "\n" if i < len(lines) - 1 else ""
        if attribute is None:
            out.append(line + end)
        else:
            anchor = LINE_ANCHOR.match(line).group()
            out.append(f'{anchor}<span class="sm-line" {attribute}>{line[len(anchor):]}{end}</span>')
    return "".join(out)


def shown_file_lines(source: str, section: str | None) -> list[int]:
    """The file line of each line the page shows of `source` (see live_engine.snippets.shown_source)."""
    lines = source.splitlines()
    if section is None:
        kept = [(n, line) for n, line in enumerate(lines, start=1) if not SECTION_MARK.match(line)]
    else:
        kept, inside = [], False
        for n, line in enumerate(lines, start=1):
            mark = SECTION_MARK.match(line)
            if mark and mark["name"] == section:
                inside = mark["kind"] == "start"
            elif inside and not mark:
                kept.append((n, line))
    while kept and not kept[0][1]:
        kept.pop(0)
    while kept and not kept[-1][1]:
        kept.pop()
    return [n for n, _ in kept]


# --- where each output line came from -------------------------------------------------


def output_locations(lines: list[str], snippet_file: str) -> list[set[int]]:
    """For each line of an output, the lines of `snippet_file` it was produced by (often none)."""
    found: list[set[int]] = [set() for _ in lines]
    for start, end in _modules(lines):
        _hlo(lines, start, end, snippet_file, found)
        _stablehlo(lines, start, end, snippet_file, found)
        _jaxpr(lines, start, end, snippet_file, found)
    return found


def _modules(lines: list[str]) -> list[tuple[int, int]]:
    """Ranges of lines that each hold one module's text (its tables apply only to it)."""
    starts = [0]
    for i, line in enumerate(lines):
        if MODULE_START.match(line):
            j = i
            while j > 0 and lines[j - 1].startswith("#loc"):  # StableHLO prints argument locations first
                j -= 1
            if j > starts[-1]:
                starts.append(j)
    return list(zip(starts, starts[1:] + [len(lines)]))


def _same_file(file: str, snippet_file: str) -> bool:
    return file == snippet_file or file.endswith("/" + snippet_file)


def _jaxpr(lines, start, end, snippet_file, found):
    current: set[int] = set()
    for i in range(start, end):
        line = lines[i]
        location = JAXPR_LOCATION.search(line)
        if location:
            current = {int(location["line"])} if _same_file(location["file"], snippet_file) else set()
            found[i] |= current
        elif JAXPR_RESET.search(line) or not line.strip():
            current = set()
        else:  # a parameter line or the closing `] a b` of a multi-line equation
            found[i] |= current


def _hlo(lines, start, end, snippet_file, found):
    tables: dict[str, dict[int, object]] = {}
    table = None
    for i in range(start, end):
        line = lines[i]
        if line in HLO_TABLES:
            table = tables.setdefault(line, {})
            continue
        row = HLO_ROW.match(line)
        if table is not None and row:
            value = row[2]
            table[int(row[1])] = (json.loads(value) if value.startswith('"')
                                  else {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", value)})
            continue
        if line.strip():
            table = None
        frame = STACK_FRAME.search(line)
        if frame:
            for file, number in _call_chain(tables, int(frame[1])):
                if _same_file(file, snippet_file):
                    found[i].add(number)
                    break
        source = SOURCE_FILE.search(line)
        if source and _same_file(source["file"], snippet_file):
            found[i].add(int(source["line"]))


def _call_chain(tables, frame_id: int) -> list[tuple[str, int]]:
    """(file, line) of a stack frame and its callers, innermost first."""
    chain, seen = [], set()
    frames, places = tables.get("StackFrames", {}), tables.get("FileLocations", {})
    names = tables.get("FileNames", {})
    while frame_id in frames and frame_id not in seen:
        seen.add(frame_id)
        frame = frames[frame_id]
        place = places.get(frame.get("file_location_id"), {})
        if place.get("file_name_id") in names:
            chain.append((names[place["file_name_id"]], place.get("line", 0)))
        frame_id = frame.get("parent_frame_id", 0) - 1  # printed one higher than the frame it names
    return chain


def _stablehlo(lines, start, end, snippet_file, found):
    definitions = {}
    for i in range(start, end):
        match = LOC_DEF.match(lines[i])
        if match:
            definitions[match["id"]] = match["body"]
    if not definitions and not any('loc("' in lines[i] for i in range(start, end)):
        return

    def resolve(body: str, depth: int = 0) -> list[tuple[str, int]]:
        body = body.strip()
        if depth > 50:
            return []
        if body.startswith("#loc"):
            return resolve(definitions[body], depth + 1) if body in definitions else []
        if m := FILE_LOC.match(body):
            return [(m["file"], int(m["line"]))]
        if m := NAMED_LOC.match(body):
            return resolve(m["inner"], depth + 1)
        if m := CALLSITE.match(body):
            return resolve(m["callee"], depth + 1) + resolve(m["caller"], depth + 1)
        if m := FUSED.match(body):
            return [place for part in m["parts"].split(",") for place in resolve(part, depth + 1)]
        return []

    for i in range(start, end):
        if LOC_DEF.match(lines[i]):
            continue
        use = LOC_USE.search(lines[i])
        if use:
            for file, number in resolve(use["body"]):
                if _same_file(file, snippet_file):
                    found[i].add(number)
                    break
