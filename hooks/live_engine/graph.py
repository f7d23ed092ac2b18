"""Pictures of small HLO graphs: DOT made from HLO text, laid out offline as SVG.

`hlo_dot` reads the HLO text a snippet printed (any module or readable excerpt with
an ENTRY computation) and writes a DOT graph of its ENTRY computation: one box per
instruction, an arrow from each operand to its user, and each fusion drawn as a
cluster holding the instructions of the computation it calls (its parameters
become the arrows from the fusion's operands). The layout program is `graphviz-pure`,
a Rust port of Graphviz's `dot` shipped as a PyPI wheel (a project dependency): no
system Graphviz and nothing fetched, and the same SVG on every machine.

The SVG is cleaned for inlining (no ids, comments or background, colours left to the
site's CSS: assets/live.css, light and dark) and cached like outputs, keyed on the
DOT text and the layout program's version.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

MAX_INSTRUCTIONS = 80  # "small graphs": a bigger picture is unreadable on a page
LAYOUT_TIMEOUT = 60.0
LABEL_WIDTH = 36  # a longer shape is cut with an ellipsis

COMPUTATION = re.compile(r"^\s*(?P<entry>ENTRY\s+)?%?(?P<name>[\w.\-]+)\s*(?:\(.*\)\s*->\s*.*)?\{\s*$")
INSTRUCTION = re.compile(r"^\s*(?P<root>ROOT\s+)?%?(?P<name>[\w.\-]+)\s+=\s+(?P<rest>.*)$")
OPCODE = re.compile(r"\s*(?P<opcode>[a-z][\w\-]*)\(")
CALLS = re.compile(r"\bcalls=%?(?P<name>[\w.\-]+)")
KIND = re.compile(r"\bkind=(?P<kind>k\w+)")
LAYOUT = re.compile(r"\{[^{}]*\}")


class GraphError(ValueError):
    """HLO text that cannot be drawn: no ENTRY computation, or too big to read."""


@dataclasses.dataclass
class Instruction:
    name: str
    shape: str
    opcode: str
    operands: list[str]
    attributes: str
    root: bool


@dataclasses.dataclass
class Computation:
    name: str
    instructions: dict[str, Instruction]
    entry: bool

    @property
    def root(self) -> Instruction:
        roots = [i for i in self.instructions.values() if i.root]
        return roots[0] if roots else list(self.instructions.values())[-1]


def _closing(text: str, start: int) -> int:
    """Index of the parenthesis that closes the one at `start`."""
    depth = 0
    for index in range(start, len(text)):
        depth += (text[index] == "(") - (text[index] == ")")
        if depth == 0:
            return index
    return len(text)


def _split_top(text: str) -> list[str]:
    """Split at commas outside (), [] and {}."""
    parts, depth, current = [], 0, []
    for char in text:
        depth += (char in "([{") - (char in ")]}")
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    if "".join(current).strip():
        parts.append("".join(current))
    return [part.strip() for part in parts]


def _instruction(match: re.Match) -> Instruction | None:
    rest = match["rest"]
    end = _closing(rest, 0) + 1 if rest.startswith("(") else rest.find(" ")
    if end <= 0:
        return None
    shape, after = rest[:end], rest[end:]
    opcode = OPCODE.match(after)
    if not opcode:
        return None
    open_at = opcode.end() - 1
    close_at = _closing(after, open_at)
    inside = after[open_at + 1:close_at]
    operands = [] if opcode["opcode"] == "constant" else \
        [part.split()[-1].lstrip("%") for part in _split_top(inside) if part.split()]
    return Instruction(match["name"], shape, opcode["opcode"], operands, after[close_at + 1:], bool(match["root"]))


def parse_hlo(text: str) -> dict[str, Computation]:
    """Computations by name, in the order printed; instructions keep their operands' names."""
    computations: dict[str, Computation] = {}
    current: Computation | None = None
    for line in text.splitlines():
        if current is not None:
            if line.strip() == "}":
                current = None
                continue
            match = INSTRUCTION.match(line)
            if match and (instruction := _instruction(match)):
                current.instructions[instruction.name] = instruction
            continue
        header = COMPUTATION.match(line)
        if header and not line.lstrip().startswith("HloModule"):
            current = Computation(header["name"], {}, bool(header["entry"]))
            computations.setdefault(current.name, current)
    return computations


def _quote(text: str) -> str:
    """A DOT string; a newline in `text` becomes a line break of the label."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _short(shape: str) -> str:
    shape = LAYOUT.sub("", shape)  # the layout {1,0} is in the listing; the picture shows dimensions
    return shape if len(shape) <= LABEL_WIDTH else shape[: LABEL_WIDTH - 1] + "…"


def hlo_dot(text: str) -> str:
    """DOT for the ENTRY computation of `text`, fusions as clusters. Deterministic: the order of
    nodes and edges is the order of the listing."""
    computations = parse_hlo(text)
    entries = [c for c in computations.values() if c.entry]
    if not entries:
        raise GraphError("no ENTRY computation in this output: a picture needs HLO text")
    lines = ["digraph hlo {", '  graph [rankdir=TB, nodesep=0.25, ranksep=0.35, fontname="Courier", fontsize=11];',
             '  node [shape=box, style="rounded", fontname="Courier", fontsize=11, height=0.3, margin="0.08,0.04"];',
             '  edge [arrowsize=0.6];']
    edges: list[str] = []
    counted = [0]

    def draw(computation: Computation, prefix: str, arguments: list[str], depth: int) -> dict[str, str]:
        """Nodes of one computation; returns, for each instruction, the node that carries its value."""
        carrier: dict[str, str] = {}
        pad = "  " * (depth + 1)
        for instruction in computation.instructions.values():
            node = prefix + instruction.name
            if instruction.opcode == "parameter" and depth > 0:  # a fused parameter is the fusion's operand
                number = int(instruction.operands[0]) if instruction.operands and instruction.operands[0].isdigit() else -1
                carrier[instruction.name] = arguments[number] if 0 <= number < len(arguments) else ""
                continue
            counted[0] += 1
            called = CALLS.search(instruction.attributes)
            if instruction.opcode == "fusion" and called and called["name"] in computations:
                kind = KIND.search(instruction.attributes)
                inner_arguments = [carrier.get(operand, "") for operand in instruction.operands]
                lines.append(f"{pad}subgraph {_quote('cluster_' + node)} {{")
                root = instruction.root and depth == 0  # a fused ROOT: its frame is drawn heavier
                lines.append(f'{pad}  class="{"fusion root" if root else "fusion"}"; style="rounded"; margin=8; '
                             + ("penwidth=2; " if root else "")
                             + f"label={_quote(instruction.name + (' ' + kind['kind'] if kind else ''))};")
                inner = draw(computations[called["name"]], node + "/", inner_arguments, depth + 1)
                lines.append(f"{pad}}}")
                carrier[instruction.name] = inner.get(computations[called["name"]].root.name, "")
                continue
            label = instruction.opcode + (f" {instruction.operands[0]}" if instruction.opcode == "parameter" and
                                          instruction.operands else "")
            label += "\n" + _short(instruction.shape)
            style = ', class="root", penwidth=2' if instruction.root and depth == 0 else ""
            lines.append(f"{pad}{_quote(node)} [label={_quote(label)}{style}];")
            carrier[instruction.name] = node
            for operand in instruction.operands:
                source = carrier.get(operand)
                if source:
                    edges.append(f"  {_quote(source)} -> {_quote(node)};")
        return carrier

    draw(entries[0], "", [], 0)
    if counted[0] > MAX_INSTRUCTIONS:
        raise GraphError(f"{counted[0]} instructions: a picture is for small modules "
                         f"(at most {MAX_INSTRUCTIONS}); show the listing alone")
    return "\n".join(lines + edges + ["}"]) + "\n"


# --- layout ----------------------------------------------------------------------------------------

def layout_program() -> str:
    """The graphviz-pure executable installed next to this interpreter (or on PATH)."""
    beside = Path(sys.executable).parent / "graphviz-pure"
    found = str(beside) if beside.is_file() else shutil.which("graphviz-pure")
    if not found:
        raise GraphError("graphviz-pure is not installed: run `uv sync` (it is a project dependency)")
    return found


def layout_version() -> str:
    try:
        return metadata.version("graphviz-pure")
    except metadata.PackageNotFoundError:
        return "unknown"


def layout(dot: str) -> str:
    """SVG of a DOT graph, by graphviz-pure's dot layout."""
    done = subprocess.run([layout_program(), "-Tsvg"], input=dot.encode(), capture_output=True,
                          timeout=LAYOUT_TIMEOUT, check=False)
    if done.returncode != 0:
        raise GraphError(f"graphviz-pure failed: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout.decode()


def clean_svg(svg: str, label: str) -> str:
    """The SVG to inline in a page: no XML prolog, comments, ids or white background; a role and
    a name for screen readers; no blank lines (a blank line would end Markdown's HTML block)."""
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.DOTALL)
    svg = re.sub(r'\sid="[^"]*"', "", svg)
    svg = re.sub(r'<polygon fill="white" stroke="none"[^>]*/>', "", svg, count=1)  # the page's background shows
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(label)}" ', 1)
    return "\n".join(line for line in svg.splitlines() if line.strip()) + "\n"


def cache_key(dot: str) -> str:
    return hashlib.sha256(f"hlo-graph\0{layout_version()}\0{dot}".encode()).hexdigest()


_cache = {"results": None}  # a ResultCache, set by the MkDocs hook: pictures are kept beside outputs


def use_cache(results) -> None:
    _cache["results"] = results


def svg_for(text: str) -> str:
    """The cleaned SVG of the HLO in `text`, from the cache when it is there."""
    dot = hlo_dot(text)
    results, key = _cache["results"], cache_key(dot)
    cached = results.get(key) if results is not None else None
    if cached is not None:
        return cached
    nodes = dot.count("[label=")
    clusters = dot.count("subgraph ")
    label = f"Graph of the HLO above: {nodes} instructions" + (f", {clusters} fusion(s) drawn as boxes" if clusters else "")
    svg = clean_svg(layout(dot), label)
    if results is not None:
        results.put(key, svg)
    return svg


def picture_block(name: str, output: str) -> str:
    """The figure that follows an output: its HLO graph, inline so the site's colours apply.

    `mkdocs build` stopped already on a graph that cannot be drawn (hooks/live.py); under
    `mkdocs serve` the page says why in its place."""
    try:
        svg = svg_for(output)
    except GraphError as error:
        return (f'<div class="live-failure" data-snippet="{html.escape(name)}">'
                f"<p><strong>No picture.</strong> {html.escape(str(error))}</p></div>")
    return (f'<figure class="live-graph" data-snippet="{html.escape(name)}">\n{svg}'
            "<figcaption>The ENTRY computation as a graph: a box per instruction, an arrow from each "
            "operand to its user, a dashed frame around each fusion's instructions.</figcaption>\n</figure>")
