"""Two outputs side by side: content tabs for each, a unified diff, and counts of what changed.

A directive with `compare=OTHER.py` shows its own snippet under the first label
("Before"), OTHER under the second ("After") and a third tab, "Diff", made here at
build time from the two texts. The diff tab starts with a table counted from the
same two texts (instructions by opcode, fusions by kind, primitives, and the
`flops` / `bytes accessed` a snippet printed from `cost_analysis()`), so the table
can never disagree with the listings beside it.

Pure text in, Markdown out: `unified_diff`, `counts` and `summary_table` are reusable
by any page that puts two outputs next to each other (versions of JAX, passes).
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import textwrap
from collections import Counter

DIFF_CONTEXT = 3  # lines of context around each change, as `diff -u`
LONG_DIFF_LINES = 40  # as render.LONG_OUTPUT_LINES: a longer diff shows its head and folds the rest

# --- counting ------------------------------------------------------------------------------------

# A computation's first line: `ENTRY %main.1 (x: f32[8]) -> f32[8] {` or `%fused_computation (...) -> ... {`
HLO_COMPUTATION = re.compile(r"^\s*(?:ENTRY\s+)?%?(?P<name>[\w.\-]+)\s*(?:\(.*\)\s*->\s*.*)?\{\s*$")
# An instruction: `  ROOT %add.1 = f32[8]{0} add(%x, %y), ...`; the shape may be a tuple (nested parentheses)
HLO_INSTRUCTION = re.compile(r"^\s*(?:ROOT\s+)?%?(?P<name>[\w.\-]+)\s+=\s+(?P<rest>.*)$")
HLO_OPCODE = re.compile(r"(?P<opcode>[a-z][\w\-]*)\(")
HLO_CALLS = re.compile(r"\bcalls=%?(?P<name>[\w.\-]+)")
HLO_KIND = re.compile(r"\bkind=(?P<kind>k\w+)")
# A jaxpr equation: `    c:f32[8] = mul a b`, `_:f32[] d:i32[] = pjit[...] e`; one without outputs
# (`debug_print`, `debug_callback`) prints no `=` and opens its parameters right after its name
JAXPR_EQUATION = re.compile(r"^\s*(?:(?:[a-z]+|_)(?::\S+)?\s+)+=\s+(?P<primitive>[a-z_]\w*)\b"
                            r"|^\s+(?P<bare>[a-z_]\w*)\[(?:$|.*\](?:\s+(?:[a-z]+|[-\d.e]+:[a-z]\w*\[[\d,]*\]))*\s*$)")
# A StableHLO operation: `%0 = stablehlo.add %a, %b : tensor<8xf32>`, `stablehlo.return %0`, `"stablehlo.case"(...)`;
# the func dialect's `return` and `call` print without their `func.` (as `func.func` does not)
STABLEHLO_OPERATION = re.compile(r"^\s*(?:%[^=]*=\s*)?\"?(?P<op>(?:stablehlo|chlo|sdy|mhlo|func)\.[a-z_][\w.]*"
                                 r"|(?:return|call)(?=\s))")
# What `print(compiled.cost_analysis())` prints: a dict holding 'flops' and 'bytes accessed'
COSTS = {"flops": re.compile(r"'flops':\s*(?P<value>[-+\d.e]+)"),
         "bytes accessed": re.compile(r"'bytes accessed':\s*(?P<value>[-+\d.e]+)")}


@dataclasses.dataclass
class Counts:
    """What one output holds, counted from its text."""

    unit: str  # what `ops` counts: "opcode" (HLO), "primitive" (jaxpr), "operation" (StableHLO)
    ops: Counter  # every instruction, equation or operation, by name
    fused: Counter  # HLO: those of them inside fused computations
    fusions: Counter  # HLO: fusion instructions by kind
    costs: dict[str, float]  # printed cost_analysis() values, when the output has them

    @property
    def total(self) -> int:
        return sum(self.ops.values())


def _hlo_opcode(rest: str) -> str | None:
    """The opcode of an instruction's right-hand side (after `name = `), skipping its shape."""
    index = 0
    if rest.startswith("("):  # a tuple shape: skip to its closing parenthesis
        depth = 0
        for index, char in enumerate(rest):
            depth += (char == "(") - (char == ")")
            if depth == 0:
                break
        index += 1
    else:
        index = rest.find(" ")
        if index < 0:
            return None
    match = HLO_OPCODE.match(rest[index:].lstrip())
    return match["opcode"] if match else None


def hlo_counts(text: str) -> Counts:
    """Instructions of every computation in `text` by opcode, those inside fused computations
    (the ones a `fusion` instruction `calls=`), and fusions by kind."""
    computation, by_computation, fusions, fused_names = None, {}, Counter(), set()
    for line in text.splitlines():
        instruction = HLO_INSTRUCTION.match(line)
        if instruction and computation is not None:
            opcode = _hlo_opcode(instruction["rest"])
            if opcode is None:
                continue
            by_computation[computation][opcode] += 1
            if opcode == "fusion":
                kind = HLO_KIND.search(instruction["rest"])
                fusions[kind["kind"] if kind else "?"] += 1
                called = HLO_CALLS.search(instruction["rest"])
                if called:
                    fused_names.add(called["name"])
            continue
        header = HLO_COMPUTATION.match(line)
        if header and not line.lstrip().startswith("HloModule"):
            computation = header["name"]
            by_computation.setdefault(computation, Counter())
        elif line.strip() == "}":
            computation = None
    ops, fused = Counter(), Counter()
    for name, counter in by_computation.items():
        ops += counter
        if name in fused_names:
            fused += counter
    return Counts("opcode", ops, fused, fusions, _costs(text))


def jaxpr_counts(text: str) -> Counts:
    ops = Counter(match["primitive"] or match["bare"] for line in text.splitlines()
                  if (match := JAXPR_EQUATION.match(line)))
    return Counts("primitive", ops, Counter(), Counter(), _costs(text))


def stablehlo_counts(text: str) -> Counts:
    ops = Counter(match["op"] for line in text.splitlines() if (match := STABLEHLO_OPERATION.match(line)))
    return Counts("operation", ops, Counter(), Counter(), _costs(text))


COUNTERS = {"hlo": hlo_counts, "jaxpr": jaxpr_counts, "stablehlo": stablehlo_counts}


def _costs(text: str) -> dict[str, float]:
    found = {}
    for key, pattern in COSTS.items():
        values = [float(match["value"]) for match in pattern.finditer(text)]
        if len(values) == 1:  # several printed dicts: which one a row means would be a guess
            found[key] = values[0]
    return found


def counts(text: str, language: str) -> Counts | None:
    """The counts of an output in `language` (hlo, jaxpr, stablehlo); None for other languages."""
    counter = COUNTERS.get(language)
    return counter(text) if counter else None


# --- the table and the diff ----------------------------------------------------------------------

def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,.6g}"


def _change(before: float, after: float) -> str:
    difference = after - before
    return "" if difference == 0 else ("+" if difference > 0 else "−") + _number(abs(difference))


def summary_table(before: Counts, after: Counts, labels: tuple[str, str]) -> str:
    """A Markdown table of what changed between two counted outputs (empty when nothing was counted)."""
    if before.unit != after.unit or not (before.ops or after.ops):
        return ""
    rows = []

    def row(name: str, a: float, b: float, note_a: str = "", note_b: str = "") -> None:
        rows.append(f"| {name} | {_number(a)}{note_a} | {_number(b)}{note_b} | {_change(a, b)} |")

    def fused_note(counted: Counts, opcode: str) -> str:
        inside = counted.fused.get(opcode, 0)
        return f" ({inside} fused)" if inside else ""

    plural = {"opcode": "instructions", "primitive": "equations", "operation": "operations"}[before.unit]
    row(f"**{plural}**", before.total, after.total,
        f" ({sum(before.fused.values())} fused)" if before.fused else "",
        f" ({sum(after.fused.values())} fused)" if after.fused else "")
    for name in sorted(before.ops.keys() | after.ops.keys()):
        row(f"`{name}`", before.ops[name], after.ops[name], fused_note(before, name), fused_note(after, name))
    for kind in sorted(before.fusions.keys() | after.fusions.keys()):
        row(f"fusions `{kind}`", before.fusions[kind], after.fusions[kind])
    for key in COSTS:
        if key in before.costs and key in after.costs:
            row(f"{key} (`cost_analysis`)", before.costs[key], after.costs[key])
    header = f"| {before.unit} | {labels[0]} | {labels[1]} | change |\n|---|--:|--:|--:|"
    return header + "\n" + "\n".join(rows)


def unified_diff(before: str, after: str, names: tuple[str, str]) -> str:
    """`diff -u` of two outputs, with `names` on the --- and +++ lines; empty when they are equal."""
    lines = difflib.unified_diff(before.rstrip("\n").split("\n"), after.rstrip("\n").split("\n"),
                                 fromfile=names[0], tofile=names[1], lineterm="", n=DIFF_CONTEXT)
    return "\n".join(lines)


def _fence(language: str, body: str, attributes: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{language} {attributes}\n{body}\n{ticks}"


def diff_block(before: str, after: str, names: tuple[str, str], title: str = "Diff") -> str:
    """The highlighted diff, in a `live-diff` div (folded like a long output when long),
    under `title` (plain text without `"`: it goes into the fence's title attribute)."""
    diff = unified_diff(before, after, names)
    attributes = f'title="{title}"'
    if not diff:
        return '<div class="live-diff" data-lang="text" markdown>\n\n' \
               + _fence("text", "(the two outputs are identical)", attributes) + "\n\n</div>"
    lines = diff.count("\n") + 1
    long = lines > LONG_DIFF_LINES
    block = f'<div class="live-diff{" long" * long}" data-lang="diff" markdown>\n\n' + _fence("diff", diff, attributes)
    if long:
        block += f'\n\n<details class="show-all"><summary>Show all {lines} lines</summary></details>'
    return block + "\n\n</div>"


def tabs(panels: list[tuple[str, str]]) -> str:
    """Content tabs (pymdownx.tabbed) holding Markdown panels; a `=== "..."` right after joins them."""
    return "\n\n".join(f'=== "{label}"\n\n' + textwrap.indent(body.strip("\n"), "    ", lambda line: True)
                       for label, body in panels)


def comparison(first: tuple[str, str], second: tuple[str, str], outputs: tuple[str, str],
               names: tuple[str, str], language: str, summary: bool = True) -> str:
    """The tabs of a comparison: `first` and `second` are (label, Markdown of that side); the
    third tab, "Diff", holds the table of counts (when `summary` and the language is counted)
    and the unified diff of `outputs`."""
    parts = []
    if summary:
        before, after = counts(outputs[0], language), counts(outputs[1], language)
        if before and after:
            table = summary_table(before, after, (first[0], second[0]))
            if table:
                parts.append(f'<div class="live-summary" markdown>\n\n{table}\n\n</div>')
    parts.append(diff_block(outputs[0], outputs[1], names))
    return tabs([first, second, ("Diff", "\n\n".join(parts))])


def diff_fence(old: str, new: str, old_label: str, new_label: str) -> str:
    """The highlighted unified diff (diff_block) of two outputs that differ (`groups` and
    `changes_page` pass no others), titled with the two versions."""
    return diff_block(old, new, (old_label, new_label), title=f"What changed from {old_label} to {new_label}")
