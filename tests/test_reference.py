"""The reference pages list everything the site shows, and nothing it does not.

docs/flags.md: every flag-like name in the chapters, their snippets and the notebook has a row
(or is listed as a lookalike); every row links existing sections that mention it; a row marked
live is backed by code that runs in a linked section; a row that is not run here links where
upstream defines the name. Fast: reads files, builds nothing.

docs/hlo-opcodes.md: one row for each opcode of XLA's HLO_OPCODE_LIST at the pinned commit
(tests/data/hlo_opcode_list.txt), no more and no fewer; each row either links a live listing whose
record shows the opcode, or gives a reason of a fixed kind with a pinned source. Fast: reads files.
And every opcode of every HLO instruction in the built site's live outputs has a row naming exactly
the pages that show it; a row for an opcode seen nowhere must say it is listed for completeness.
That one needs the built site (the `clean_site` fixture), so it is slow the first time.

`uv run python tests/reference.py flags|opcodes SITE` prints what the tests compare.

docs/jaxpr-primitives.md, the same for jaxprs: every primitive of every jaxpr equation in the live
outputs (nested jaxprs included) has a row naming exactly the pages that show it, and its "defined
in" link points at jax's release tag, on the line that creates it (checked in the installed jax).
`uv run python tests/reference.py primitives SITE` prints what they compare; `... shown-on SITE` rewrites both
pages' "shown on" cells from a built site and names what still needs a row. The page is also complete
against jax itself: tests/data/jaxpr_primitives.txt, made by tests/jaxpr_primitives.py from a walk of the
pinned jax, lists every primitive the page has a row for and every one it leaves out; its table and its
"Left out" table must name exactly those, and a new walk of the installed jax must find nothing else.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

import jaxpr_primitives
import reference as ref
from pinned import JAX_AT_TAG, JAX_PINNED, XLA_AT_COMMIT

FLAG_HEADERS = ["name", "what it does", "shown in", "verified here"]
LOOKALIKE_HEADERS = ["name", "what it is", "shown in"]
OPCODE_HEADERS = ["opcode", "what it does", "semantics", "example or reason", "shown on"]
# The opcodes of HLO_OPCODE_LIST at the pinned XLA commit, one per line after a header naming the file.
OPCODE_LIST = Path(__file__).parent / "data" / "hlo_opcode_list.txt"
OPCODE_SOURCE = f"{XLA_AT_COMMIT}xla/hlo/ir/hlo_opcode.h"
# An example: a listing, before or after XLA's passes, in a section of a page (`#anchor` on the
# reference page itself); an optional note after a semicolon.
LIVE_EXAMPLE = re.compile(r"live, (?P<when>before|after) optimizations: \[[^\]]+\]\((?P<target>[^)\s]+)\)(?:; (?P<note>\S.*))?")
# Why a row has no example. Each kind is explained on the page, above the table.
REASON_KINDS = ("TPU only", "GPU only", "TPU or GPU only", "made only by passes", "never emitted by JAX", "deprecated")
REASON = re.compile(r"(?P<kind>" + "|".join(map(re.escape, REASON_KINDS)) + r"): (?P<reason>\S.{10,})")
STATUS = re.compile(r"live|(?P<kind>not runnable here|named only): (?P<reason>\S.{10,})")
COMPLETENESS = "listed for completeness"
# A row that is not run here links where upstream defines its name: openxla/xla at the pinned
# commit, or jax at the pinned release's tag (tests/pinned.py).
PINNED_SOURCES = (XLA_AT_COMMIT, JAX_AT_TAG)
# A tool removed from XLA is linked at the last commit that had it, on a row that says it was removed.
REMOVED_FROM_XLA = re.compile(r"https://github\.com/openxla/xla/blob/[0-9a-f]{40}/")
# Public pages allowed in place of a source, each linked at the anchor of the row's own name (Bazel's
# reference names its anchors `flag--NAME`): what comes before the name in such a link.
PUBLIC_DOCS = {"https://bazel.build/reference/command-line-reference": "#flag"}
NO_PUBLIC_SOURCE = "no public source"  # what a libtpu row must say (libtpu's source is not public)
# Sections of https://openxla.org/xla/operation_semantics, as the site generates their anchors
# (lower case, spaces to underscores, parentheses dropped), checked against
# openxla/xla docs/operation_semantics.md. A link to another anchor there is a typo.
# The stored copy read for the sections added with the full opcode table (issue 29) is at openxla/xla
# 038823038fe170e8608f6bdc266c9fce63979a4b (no copy at the pinned commit was at hand).
OPENXLA_SECTIONS = {
    "afterall", "allgather", "allreduce", "alltoall", "batchnormgrad", "batchnorminference",
    "batchnormtraining", "bitcastconverttype", "broadcast", "broadcastindim", "call", "cholesky", "clamp",
    "collectivepermute", "concatenate", "conditional", "conv_convolution", "convertelementtype",
    "customcall", "dot", "dotgeneral", "dynamicslice", "dynamicupdateslice",
    "element-wise_binary_arithmetic_operations", "element-wise_comparison_operations",
    "element-wise_unary_functions", "fft", "gather", "getdimensionsize", "gettupleelement", "infeed",
    "iota", "map", "optimizationbarrier", "pad", "recv", "reduce", "reduceprecision", "reducescatter",
    "reducewindow", "replicaid", "reshape", "rev_reverse", "rngbitgenerator", "rngnormal", "rnguniform",
    "scatter", "select", "selectandscatter", "send", "setdimensionsize", "slice", "sort", "topk",
    "transpose", "triangularsolve", "tuple", "while",
}


# ---------------------------------------------------------------------------------------------
# docs/flags.md
# ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def flags_page():
    text = ref.FLAGS_PAGE.read_text(encoding="utf-8")
    flags, lookalikes = ref.rows_of(text, FLAG_HEADERS), ref.rows_of(text, LOOKALIKE_HEADERS)
    assert flags, f"docs/flags.md has no table with the columns {FLAG_HEADERS}"
    return flags, lookalikes


def where(row: ref.Row) -> str:
    return f"docs/flags.md:{row.line}"


def test_every_row_names_something(flags_page):
    flags, lookalikes = flags_page
    problems = [f"{where(row)}: no `name` in code quotes" for row in flags + lookalikes if not ref.names(row)]
    problems += [f"{where(row)}: names a non-flag `{name}` (the pattern does not match it)"
                 for row in flags + lookalikes for name in ref.names(row)
                 if not ref.FLAG_TOKEN.fullmatch(name.split("=")[0])]
    assert not problems, "\n".join(problems)


def test_no_name_has_two_rows(flags_page):
    flags, lookalikes = flags_page
    first: dict[str, ref.Row] = {}
    problems = []
    for row in flags + lookalikes:
        for key in {ref.flag_key(name) for name in ref.names(row)}:
            if key in first:
                problems.append(f"{where(row)}: `{key}` already has a row at {where(first[key])}")
            first.setdefault(key, row)
    assert not problems, "\n".join(problems)


def test_every_flag_the_site_mentions_is_listed(flags_page):
    flags, lookalikes = flags_page
    listed = {ref.flag_key(name) for row in flags + lookalikes for name in ref.names(row)}
    missing = []
    for mention in ref.mentions():
        key = mention.key
        if key in listed:
            continue
        if key.endswith("_") and any(name.startswith(key) for name in listed):  # JAX_DUMP_IR_*: a family
            continue
        missing.append(f"{mention.where}: `{mention.token}`")
    assert missing == [], (
        "flag-like names missing from docs/flags.md (add a row, or list a non-flag under "
        "'Names that look like flags but are not'):\n  " + "\n  ".join(missing))


def check_links(row: ref.Row, require_live: bool, pages: dict | None = None) -> list[str]:
    """What is wrong with a row's 'shown in' links; `pages` keeps each linked page read once across rows."""
    pages = {} if pages is None else pages
    keys = {ref.flag_key(name) for name in ref.names(row)}
    links = ref.LINK.findall(row.cells["shown in"])
    if not links:
        return [f"{where(row)}: 'shown in' links no page"]
    problems, live = [], []
    for _, target in links:
        page_name, _, anchor = target.partition("#")
        if page_name not in pages:
            pages[page_name] = ref.linked_page(page_name)
        page = pages[page_name]
        if page is None:
            problems.append(f"{where(row)}: {target}: no page docs/{page_name}")
            continue
        span = page.section(anchor or None)
        if span is None:
            problems.append(f"{where(row)}: {target}: {page_name} has no heading with id '{anchor}'")
            continue
        if not keys & page.keys_in(*span):
            problems.append(f"{where(row)}: {target}: that section never mentions {', '.join(sorted(keys))}")
        live += [label for label, found in page.live_sources(*span) if keys & found]
    if require_live and not live and not problems:
        problems.append(f"{where(row)}: marked live, but no snippet or code cell in the linked sections "
                        f"uses {', '.join(sorted(keys))}")
    return problems


def test_every_link_reaches_a_section_that_mentions_the_name(flags_page):
    flags, lookalikes = flags_page
    problems, pages = [], {}
    for row in flags:
        problems += check_links(row, require_live=row.cells["verified here"].strip() == "live", pages=pages)
    for row in lookalikes:
        problems += check_links(row, require_live=False, pages=pages)
    assert not problems, "\n".join(problems)


def test_the_link_check_reports_a_missing_page_a_missing_anchor_and_a_section_without_the_name():
    first = ref.headings((ref.DOCS / "basics.md").read_text(encoding="utf-8"))[1].id
    row = ref.Row(7, {"name": "`--no_such_flag`", "shown in": f"[a](nowhere.md), [b](basics.md#no-such-id), "
                                                             f"[c](basics.md#{first})", "verified here": "live"})
    problems = check_links(row, require_live=True)
    assert [problem.split(": ", 2)[2] for problem in problems] == [
        "no page docs/nowhere.md", "basics.md has no heading with id 'no-such-id'",
        "that section never mentions no_such_flag"], problems


def test_every_row_says_whether_it_ran(flags_page):
    flags, _ = flags_page
    problems = [
        f"{where(row)}: 'verified here' must be 'live', 'not runnable here: REASON' or 'named only: REASON', "
        f"not {row.cells['verified here']!r}"
        for row in flags if not STATUS.fullmatch(row.cells["verified here"].strip())
    ]
    problems += [f"{where(row)}: 'what it does' is empty" for row in flags if not row.cells["what it does"].strip()]
    assert not problems, "\n".join(problems)


def source_problem(row: ref.Row) -> str | None:
    """Why a row marked 'not runnable here' or 'named only' lacks evidence of where upstream defines
    its name (None when it has it, or when the row is live)."""
    status = STATUS.fullmatch(row.cells["verified here"].strip())
    if status is None or status.group("kind") is None:
        return None  # live, or malformed (test_every_row_says_whether_it_ran reports that)
    label = ", ".join(f"`{name}`" for name in ref.names(row)) or "the row"
    text = " ".join(row.cells.values())
    links = [target for cell in row.cells.values() for _, target in ref.LINK.findall(cell)]
    if "libtpu" in text.lower().replace("libtpu_init_args", "") and NO_PUBLIC_SOURCE not in text:
        return f"{where(row)}: {label}: a libtpu row must say it has {NO_PUBLIC_SOURCE}"
    if any(link.startswith(PINNED_SOURCES) for link in links):
        return None
    if "removed" in text and any(REMOVED_FROM_XLA.match(link) for link in links):
        return None
    if any(link == f"{doc}{anchor}{name}" for doc, anchor in PUBLIC_DOCS.items() for name in ref.names(row)
           for link in links):
        return None
    return (f"{where(row)}: {label} is '{status.group('kind')}', so the row must link where upstream "
            f"defines it: {' or '.join(PINNED_SOURCES)}..., the last XLA commit of a removed tool, "
            f"or one of {sorted(PUBLIC_DOCS)} at the anchor of the row's own name")


def test_every_row_not_run_here_links_its_source(flags_page):
    flags, _ = flags_page
    problems = [problem for row in flags if (problem := source_problem(row))]
    assert not problems, "\n".join(problems)


def test_the_source_rule():
    """The rule itself, on made-up rows: which links count as evidence for a row that is not run."""
    def row(verified: str, name: str = "--some_flag") -> ref.Row:
        return ref.Row(line=7, cells={"name": f"`{name}`", "what it does": "Does something",
                                      "shown in": "[Replay](replay.md)", "verified here": verified})

    reason = "not runnable here: the tool is not in the jax or jaxlib wheels"
    xla_pinned = f"[a.cc]({XLA_AT_COMMIT}xla/a.cc)"
    xla_other = "[a.cc](https://github.com/openxla/xla/blob/b5137ae3e133f0da9ad0c2372f7587f168aae591/xla/a.cc)"
    jax_tag = f"[config.py]({JAX_AT_TAG}jax/_src/config.py#L1)"
    jax_older = "[config.py](https://github.com/jax-ml/jax/blob/jax-v0.4.38/jax/_src/config.py#L1)"
    jax_main = "[config.py](https://github.com/jax-ml/jax/blob/main/jax/_src/config.py)"
    bazel = "[reference](https://bazel.build/reference/command-line-reference#flag--test_env)"
    assert source_problem(row("live")) is None
    missing = source_problem(row(reason))
    assert missing and "docs/flags.md:7" in missing and "`--some_flag`" in missing
    assert source_problem(row(f"{reason}; defined in {xla_pinned}")) is None
    assert source_problem(row(f"named only: the page names it and no more; {jax_tag}")) is None
    assert source_problem(row(f"named only: the page names it and no more; {jax_main}")) is not None
    assert source_problem(row(f"named only: the page names it and no more; {jax_older}")) is not None
    assert source_problem(row(f"{reason}; {xla_other}")) is not None  # an unpinned commit...
    assert source_problem(row(f"{reason}; the tool was removed from XLA; {xla_other}")) is None  # ...unless removed
    assert source_problem(row(f"{reason}; {bazel}")) is not None  # a public page at another flag's anchor...
    assert source_problem(row(f"{reason}; {bazel}", name="--test_env")) is None  # ...or at the row's own
    bazel_page = "[reference](https://bazel.build/reference/command-line-reference)"
    assert source_problem(row(f"{reason}; {bazel_page}", name="--test_env")) is not None  # no anchor
    assert source_problem(row(f"{reason}; [docs](https://docs.jax.dev/en/latest/) say so")) is not None
    libtpu = "not runnable here: a libtpu flag, TPU only"
    assert "no public source" in source_problem(row(f"{libtpu}; {jax_tag}"))
    assert source_problem(row(f"{libtpu}; it has no public source; {jax_tag}")) is None


# ---------------------------------------------------------------------------------------------
# docs/hlo-opcodes.md
# ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def opcode_rows():
    return ref.table_rows(ref.OPCODES_PAGE, OPCODE_HEADERS)


def opcode_of(row: ref.Row) -> str:
    return ref.sole_name(row, "opcode")


def shown_on(row: ref.Row) -> set[str]:
    return {target.partition("#")[0] for _, target in ref.LINK.findall(row.cells["shown on"])}


def name_problems(rows: list[ref.Row], name_of, pattern: str, page: str, what: str) -> list[str]:
    """A reference table's first columns: one well-formed name per row, no name twice, a meaning."""
    problems, seen = [], {}
    for row in rows:
        here, name = f"{page}:{row.line}", name_of(row)
        if not re.fullmatch(pattern, name):
            problems.append(f"{here}: the {what} cell must hold one {what} name in code quotes")
        elif name in seen:
            problems.append(f"{here}: `{name}` already has a row at line {seen[name]}")
        seen.setdefault(name, row.line)
        if not row.cells["what it does"].strip():
            problems.append(f"{here}: 'what it does' is empty")
    return problems


def test_opcode_rows_are_well_formed(opcode_rows):
    problems = name_problems(opcode_rows, opcode_of, r"[a-z][a-z0-9-]*", "docs/hlo-opcodes.md", "opcode")
    for row in opcode_rows:
        here = f"docs/hlo-opcodes.md:{row.line}"
        links = [target for _, target in ref.LINK.findall(row.cells["semantics"])]
        links = [target for target in links if target.startswith("https://openxla.org/")]
        if not links:
            problems.append(f"{here}: 'semantics' must link openxla.org")
        for target in links:
            base, _, anchor = target.partition("#")
            if base == "https://openxla.org/xla/operation_semantics" and anchor and anchor not in OPENXLA_SECTIONS:
                problems.append(f"{here}: {target}: no such section on the operation semantics page")
        if links and not any("#" in target for target in links) and "no section" not in row.cells["semantics"]:
            problems.append(f"{here}: a link without a section must say 'no section'")
        for page in shown_on(row):
            if not (ref.DOCS / page).is_file():
                problems.append(f"{here}: 'shown on' links docs/{page}, which does not exist")
        if not shown_on(row) and COMPLETENESS not in row.cells["shown on"]:
            problems.append(f"{here}: 'shown on' links no page and does not say '{COMPLETENESS}'")
    assert not problems, "\n".join(problems)


def committed_opcodes() -> tuple[str, list[str]]:
    """The header line of tests/data/hlo_opcode_list.txt and its opcodes, in order."""
    lines = OPCODE_LIST.read_text(encoding="utf-8").split("\n")
    return lines[0], [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_opcode_list_names_its_source_at_the_pinned_commit():
    header, opcodes = committed_opcodes()
    assert header == f"# {OPCODE_SOURCE}", f"{OPCODE_LIST.name}: the first line must be '# {OPCODE_SOURCE}'"
    assert len(opcodes) == len(set(opcodes)) and all(re.fullmatch(r"[a-z][a-z0-9-]*", name) for name in opcodes)
    assert OPCODE_SOURCE in ref.OPCODES_PAGE.read_text(encoding="utf-8"), \
        f"docs/hlo-opcodes.md must link the list at the pinned commit: {OPCODE_SOURCE}"


def test_the_opcode_table_is_the_committed_list(opcode_rows):
    """One row per opcode of HLO_OPCODE_LIST at the pinned commit: none missing, none extra."""
    _, opcodes = committed_opcodes()
    listed = {opcode_of(row): row for row in opcode_rows}
    problems = [f"`{name}` is in {OPCODE_LIST.name} but has no row in docs/hlo-opcodes.md"
                for name in opcodes if name not in listed]
    problems += [f"docs/hlo-opcodes.md:{row.line}: `{name}` has a row but is not in {OPCODE_LIST.name}"
                 for name, row in listed.items() if name not in opcodes]
    assert not problems, "\n".join(problems)


def recorded_outputs(page: ref.LinkedPage, first: int, last: int) -> list[tuple[str, str]]:
    """(snippet, recorded output) of every snippet a directive shows between those lines of a page."""
    from live_engine.settings import load_settings  # noqa: PLC0415 (the hook's package, put on sys.path by reference)

    records = load_settings(ref.ROOT).records_dir
    found = []
    for line, label, _ in page.sources:
        if first <= line <= last and label.startswith("snippets/"):
            record = records / f"{label.removeprefix('snippets/')}.txt"
            if record.is_file():
                found.append((label, record.read_text(encoding="utf-8")))
    return found


# A page as the examples link it, read once per test session (the reference page is linked 90 times).
linked_page = functools.cache(ref.linked_page)


def example_problem(row: ref.Row) -> str | None:
    """Why a row's 'example or reason' cell does not hold: a live example whose linked section has no
    recorded listing with an instruction of the row's opcode, or a reason of an unknown kind or
    without a source at the pinned XLA commit or jax tag. None when it holds."""
    here, opcode = f"docs/hlo-opcodes.md:{row.line}", opcode_of(row)
    cell = row.cells["example or reason"].strip()
    live = LIVE_EXAMPLE.fullmatch(cell)
    if live:
        page_name, _, anchor = live["target"].partition("#")
        page_name = page_name or ref.OPCODES_PAGE.name
        if not anchor:
            return f"{here}: `{opcode}`: the example links {live['target']}, not a section (`#anchor`)"
        page = linked_page(page_name)
        if page is None:
            return f"{here}: `{opcode}`: the example links docs/{page_name}, which does not exist"
        span = page.section(anchor)
        if span is None:
            return f"{here}: `{opcode}`: {page_name} has no heading with id '{anchor}'"
        outputs = recorded_outputs(page, *span)
        if not any(opcode in ref.opcodes_in(output) for _, output in outputs):
            shown = ", ".join(label for label, _ in outputs) or "no recorded listing"
            return f"{here}: `{opcode}`: no instruction with this opcode in the listings of {page_name}#{anchor} ({shown})"
        return None
    reason = REASON.fullmatch(cell)
    if reason is None:
        return (f"{here}: `{opcode}`: 'example or reason' must be 'live, before|after optimizations: [title](#anchor)' "
                f"or one of {list(REASON_KINDS)} followed by ': REASON', not {cell[:60]!r}")
    if not any(target.startswith(PINNED_SOURCES) for _, target in ref.LINK.findall(cell)):
        return f"{here}: `{opcode}`: the reason links no source at {' or '.join(PINNED_SOURCES)}"
    return None


def test_every_opcode_has_a_live_example_or_a_reason(opcode_rows):
    problems = [problem for row in opcode_rows if (problem := example_problem(row))]
    assert not problems, "\n".join(problems)


def test_the_example_rule():
    """The rule itself, on made-up rows: what counts as an example and as a reason."""
    def row(opcode: str, cell: str) -> ref.Row:
        return ref.Row(line=9, cells={"opcode": f"`{opcode}`", "what it does": "Does something",
                                      "semantics": "", "example or reason": cell, "shown on": ""})

    jax_link = f"[lax.py]({JAX_AT_TAG}jax/_src/lax/lax.py#L1)"
    assert example_problem(row("rng", "live, before optimizations: [random numbers](#random-numbers)")) is None
    assert example_problem(row("rng", "live, after optimizations: [random numbers](#random-numbers); a note")) is None
    wrong = example_problem(row("cbrt", "live, before optimizations: [random numbers](#random-numbers)"))
    assert wrong and "`cbrt`" in wrong and "reference/hlo_rng.py" in wrong  # the listing does not show it
    assert "no heading" in example_problem(row("rng", "live, before optimizations: [x](#no-such-section)"))
    assert "not a section" in example_problem(row("rng", "live, before optimizations: [x](hlo-opcodes.md)"))
    assert example_problem(row("rng", "live: [random numbers](#random-numbers)")) is not None  # before or after?
    assert example_problem(row("acos", f"never emitted by JAX: it lowers to chlo.acos ({jax_link})")) is None
    assert example_problem(row("acos", f"TPU or GPU only: it lowers to chlo.acos ({jax_link})")) is None
    assert example_problem(row("acos", f"not needed: it lowers to chlo.acos ({jax_link})")) is not None
    unpinned = "[lax.py](https://github.com/jax-ml/jax/blob/main/jax/_src/lax/lax.py)"
    assert "links no source" in example_problem(row("acos", f"never emitted by JAX: it lowers ({unpinned})"))


def test_opcode_extraction_reads_hlo_lines():
    """The pattern takes the opcode from instructions with array, tuple and layout shapes, and nothing
    from jaxprs or StableHLO."""
    text = "\n".join([
        "HloModule jit_f, entry_computation_layout={(f32[8,16]{1,0})->f32[8]{0}}",
        "  %Arg_0.1 = f32[8,16]{1,0} parameter(0), metadata={op_name=\"x\"}",
        "  ROOT %tuple.3 = (f32[2]{0}, s32[]) tuple(%a, %b)",
        "  %while.5 = (s32[], /*index=1*/f32[4]{0}) while(%t), condition=%cond, body=%body",
        "  %gte = f32[] get-tuple-element((f32[], s32[]) %p), index=0",
        "  ROOT %fusion = f32[8]{0:T(8)} fusion(%x), kind=kLoop, calls=%fused_computation",
        "+ %dot.2 = f32[8,4]{1,0} dot(%a, %b), lhs_contracting_dims={1}",
        "    c:f32[8,32] = dot_general[dimension_numbers=(([1], [0]), ([], []))] a b",
        "    %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>",
    ])
    assert list(ref.opcodes_in(text)) == ["parameter", "tuple", "while", "get-tuple-element", "fusion", "dot"]


def listing_problems(seen: dict[str, dict[str, set[str]]], rows: dict, page: str) -> list[str]:
    """What a reference page (`page`, rows by name) gets wrong about the names `seen` in the outputs,
    by page and snippet: a name with no row, a wrong 'shown on', a row for a name shown nowhere."""
    problems = []
    for name, pages in sorted(seen.items()):
        shown = "; ".join(f"{where} ({', '.join(sorted(snippets))})" for where, snippets in sorted(pages.items()))
        if name not in rows:
            problems.append(f"`{name}` has no row; seen on {shown}")
            continue
        listed = shown_on(rows[name])
        if listed != set(pages):
            added, gone = sorted(set(pages) - listed), sorted(listed - set(pages))
            problems.append(f"{page}:{rows[name].line}: `{name}` 'shown on' should be "
                            f"{sorted(pages)} (add {added}, drop {gone}); seen on {shown}")
    for name, row in sorted(rows.items()):
        if name not in seen and COMPLETENESS not in row.cells["shown on"]:
            problems.append(f"{page}:{row.line}: `{name}` appears in no output; drop the row or say '{COMPLETENESS}'")
        if name not in seen and shown_on(row):
            problems.append(f"{page}:{row.line}: `{name}` appears in no output, "
                            f"yet 'shown on' links {sorted(shown_on(row))}")
    return problems


def test_every_opcode_in_the_outputs_is_listed_where_it_is_shown(clean_site, opcode_rows):
    seen = ref.opcode_sightings(clean_site)
    assert seen, "no HLO instruction found in any live output: is the extraction broken?"
    problems = listing_problems(seen, {opcode_of(row): row for row in opcode_rows}, "docs/hlo-opcodes.md")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------------------------------------
# docs/jaxpr-primitives.md
# ---------------------------------------------------------------------------------------------

PRIMITIVE_HEADERS = ["primitive", "what it does", "defined in", "shown on"]
# A "defined in" cell: the variable holding the primitive, and a link to the line that creates it.
DEFINED_AT = re.compile(re.escape(JAX_AT_TAG) + r"(?P<path>jax/[\w/]+\.py)#L(?P<line>[1-9]\d*)")


@pytest.fixture(scope="module")
def primitive_rows():
    return ref.table_rows(ref.PRIMITIVES_PAGE, PRIMITIVE_HEADERS)


def primitive_of(row: ref.Row) -> str:
    return ref.sole_name(row, "primitive")


def test_primitive_rows_are_well_formed(primitive_rows):
    problems = name_problems(primitive_rows, primitive_of, r"[a-z_][a-z0-9_]*(?:-[a-z0-9_]+)*", "docs/jaxpr-primitives.md",
                             "primitive")
    for row in primitive_rows:
        here = f"docs/jaxpr-primitives.md:{row.line}"
        links = [target for _, target in ref.LINK.findall(row.cells["defined in"])]
        if len(links) != 1 or not DEFINED_AT.fullmatch(links[0]):
            problems.append(f"{here}: 'defined in' must hold one link {JAX_AT_TAG}jax/...py#L<line>, "
                            f"not {links}")
        if not ref.names(row, "defined in"):
            problems.append(f"{here}: 'defined in' must name the variable that holds the primitive, in code quotes")
        for page in shown_on(row):
            if not (ref.DOCS / page).is_file():
                problems.append(f"{here}: 'shown on' links docs/{page}, which does not exist")
        if not shown_on(row) and COMPLETENESS not in row.cells["shown on"]:
            problems.append(f"{here}: 'shown on' links no page and does not say '{COMPLETENESS}'")
    assert not problems, "\n".join(problems)


def test_every_defined_in_link_is_the_line_that_creates_the_primitive(primitive_rows):
    """The linked line, read in the installed jax (the pinned release, whose files are the tag's),
    assigns the named variable, and the primitive's name is quoted there or in the lines after it
    (`dot_general_p = standard_primitive(` names it two lines down). A factory that makes a pair,
    `x_p, x_p_wrapper = (`, is quoted once, without the `_wrapper` (tests/jaxpr_primitives.py)."""
    import jax

    if jax.__version__ != JAX_PINNED:
        pytest.skip(f"the links are to jax {JAX_PINNED}; installed is {jax.__version__}")
    installed = Path(jax.__file__).resolve().parent.parent
    problems = []
    for row in primitive_rows:
        here = f"docs/jaxpr-primitives.md:{row.line}"
        primitive, variables = primitive_of(row), ref.names(row, "defined in")
        links = [match for _, target in ref.LINK.findall(row.cells["defined in"])
                 if (match := DEFINED_AT.fullmatch(target))]
        if not primitive or not links or not variables:
            continue  # test_primitive_rows_are_well_formed reports it
        path, line = installed / links[0]["path"], int(links[0]["line"])
        lines = path.read_text(encoding="utf-8").split("\n") if path.is_file() else []
        if not 0 < line <= len(lines):
            problems.append(f"{here}: {links[0]['path']} has no line {line}")
            continue
        if not jaxpr_primitives.creates(lines[line - 1], variables[0]):
            problems.append(f"{here}: line {line} of {links[0]['path']} does not assign `{variables[0]}`: "
                            f"{lines[line - 1].strip()!r}")
        elif not jaxpr_primitives.quoted(primitive, variables[0], lines[line - 1:line + 4]):
            problems.append(f"{here}: `{primitive}` is not named at line {line} of {links[0]['path']}")
    assert not problems, "\n".join(problems)


def test_primitive_extraction_reads_jaxpr_lines():
    """The primitive of every equation, in printed order: one line and several, several results,
    params over several lines as pallas_call prints them, nested jaxprs, equations without results
    (after a `<-` get too);
    nothing from HLO, StableHLO, ref notation, lists of names or prose."""
    text = "\n".join([
        "{ lambda ; a:f32[]. let b:f32[] = sin a; c:f32[] = mul a b in (c,) }",
        "{ lambda ; a:f32[8,8] b:f32[8,8]. let",
        "    c:f32[8,8] = pallas_call[",
        "      compiler_params=None",
        "      grid_mapping=GridMapping(grid=(2, 2), block_mappings=(BlockMapping(block_shape=(Blocked(block_size=4),)),))",
        "      interpret=True",
        "      jaxpr={ lambda ; d:Ref<default>{f32[4,8]} e:Ref<default>{f32[8,4]} f:Ref<default>{f32[4,4]}. let",
        "          g:f32[4,8] <- d[...]",
        "          debug_print[",
        "            fmt=step {}",
        "          ] g",
        "          i:f32[4,4] = dot_general[",
        "            dimension_numbers=(([1], [0]), ([], []))",
        "            preferred_element_type=float32",
        "          ] g h",
        "          j:f32[4,4], f[...] <- f[...], i",
        "          f[...] <- i",
        "        in () }",
        "      out_avals=(ShapedArray(float32[8,8]),)",
        "    ] a b",
        "    debug_callback[",
        "      callback=<function debug_callback.<locals>._flat_callback at 0xXXXXXXXXXXXX>",
        "      effect=Debug",
        "    ] c",
        "    _:i32[] d:f32[4] e:f32[64@x,16]{V:x} = scan[",
        "      jaxpr={ lambda ; f:i32[] g:f32[4]. let",
        "          debug_print[fmt={} ordered=False] g",
        "          h:i32[] = add f 1:i32[]",
        "        in (h, g) }",
        "      length=3",
        "    ] 0:i32[] a",
        "    k:f32[4] = cond[",
        "      branches=(",
        "        { lambda ; e:f32[4]. let f:f32[4] = max e 0.0:f32[] in (f,) }",
        "      )",
        "    ] c b",
        "  in (k,) }",
        "{ lambda ; a:f32[]. let debug_callback[callback=f effect=Debug] a; b:f32[] = cos a in (b,) }",
        "Failing jaxpr equation: b:c64[8,128] = jit[",
        "let train_step = { lambda ; a:f32[32] b:f32[4]",
        "    f:i32[64]. let",
        "    g:f32[64,32] = dot_general[dimension_numbers=(([1], [0]), ([], [])) preferred_element_type=float32] a b",
        "    neg g",
        "    cy:f32[32] dc:f32[] = jit[",
        "      name=train_step",
        "      jaxpr=train_step",
        "    ] cs ct",
        "  %dot.2 = f32[8,4]{1,0} dot(%a, %b), lhs_contracting_dims={1}",
        "    %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>",
        "jaxpr equations: ['debug_print', 'div']  {'jit': 3, 'add': 2}",
        "  but seen another function defined on the same line; maybe the function is",
        "v:(8,) s:float    -> traces so far: 1",
    ])
    assert list(ref.primitives_in(text)) == [
        "sin", "mul", "pallas_call", "debug_print", "dot_general", "debug_callback", "scan", "debug_print", "add",
        "cond", "max", "debug_callback", "cos", "jit", "dot_general", "neg", "jit"]


def test_every_primitive_in_the_outputs_is_listed_where_it_is_shown(clean_site, primitive_rows):
    seen = ref.primitive_sightings(clean_site)
    assert seen, "no jaxpr equation found in any live output: is the extraction broken?"
    problems = listing_problems(seen, {primitive_of(row): row for row in primitive_rows}, "docs/jaxpr-primitives.md")
    assert not problems, "\n".join(problems)


# The page against jax itself: the walk's list (tests/data/jaxpr_primitives.txt), the table, "Left out".

LEFT_OUT_HEADERS = ["left out", "why"]


@pytest.fixture(scope="module")
def primitive_list():
    version, listed, left_out = jaxpr_primitives.read()
    return version, listed, left_out


@pytest.fixture(scope="module")
def left_out_rows():
    return ref.table_rows(ref.PRIMITIVES_PAGE, LEFT_OUT_HEADERS)


def differences(expected: list[str], found: list[str], where_expected: str, where_found: str) -> list[str]:
    """Each name in one collection and not the other, both ways, and each name given twice."""
    problems = [f"`{name}` is in {where_expected} but not in {where_found}" for name in sorted(set(expected) - set(found))]
    problems += [f"`{name}` is in {where_found} but not in {where_expected}" for name in sorted(set(found) - set(expected))]
    problems += [f"`{name}` is given {found.count(name)} times in {where_found}"
                 for name in sorted(set(found)) if found.count(name) > 1]
    return problems


def test_the_table_has_a_row_for_each_listed_primitive_and_no_other(primitive_list, primitive_rows):
    _, listed, _ = primitive_list
    problems = differences(listed, [primitive_of(row) for row in primitive_rows],
                           "[listed] of tests/data/jaxpr_primitives.txt", "the table of docs/jaxpr-primitives.md")
    assert not problems, "\n".join(problems) + (
        "\n(a new primitive: write its row, or move it under [left out] and into the page's 'Left out' table)")


def test_left_out_names_exactly_the_primitives_the_list_leaves_out(primitive_list, left_out_rows):
    _, _, left_out = primitive_list
    named = [name for row in left_out_rows for name in ref.names(row, "left out")]
    problems = differences(left_out, named, "[left out] of tests/data/jaxpr_primitives.txt",
                           "the 'Left out' table of docs/jaxpr-primitives.md")
    for row in left_out_rows:
        links = [target for _, target in ref.LINK.findall(row.cells["why"])]
        if not any(link.startswith(JAX_AT_TAG) for link in links):
            problems.append(f"docs/jaxpr-primitives.md:{row.line}: 'why' must link the source at {JAX_AT_TAG}")
    assert not problems, "\n".join(problems)


def test_the_list_is_the_pinned_jax_s_and_the_page_gives_its_counts(primitive_list):
    """The file was made from the pinned release, and the page's account of it ("297 in jax
    0.12.0.1", "the 258 that stay", "the other 39") is the file's."""
    version, listed, left_out = primitive_list
    assert version == JAX_PINNED, (f"tests/data/jaxpr_primitives.txt was made from jax {version}, the pin is "
                                   f"{JAX_PINNED}: run `uv run python tests/jaxpr_primitives.py`")
    text = ref.PRIMITIVES_PAGE.read_text(encoding="utf-8")
    said = {"walked": re.search(r"(\d+) in jax (\S+?)\.\s", text), "kept": re.search(r"the (\d+) that\s+stay", text),
            "left": re.search(r"the other (\d+) and why", text)}
    assert all(said.values()), f"docs/jaxpr-primitives.md no longer says how many: {said}"
    assert (int(said["walked"][1]), said["walked"][2], int(said["kept"][1]), int(said["left"][1])) == \
        (len(listed) + len(left_out), version, len(listed), len(left_out))


def test_a_walk_of_the_installed_jax_finds_what_the_list_has(primitive_list):
    """Run the walk afresh, in its own process (this one may have imported more of jax): a
    primitive it finds that the file lacks is new in this jax; one the file has that it does not
    find is gone. A few seconds: the walk imports jax and its public modules."""
    import subprocess
    import sys

    import jax

    if jax.__version__ != JAX_PINNED:
        pytest.skip(f"the list is of jax {JAX_PINNED}; installed is {jax.__version__}")
    _, listed, left_out = primitive_list
    run = subprocess.run([sys.executable, str(ref.ROOT / "tests" / "jaxpr_primitives.py"), "--names"],
                         capture_output=True, text=True, timeout=300, cwd=ref.ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    walked = run.stdout.split()
    problems = differences(listed + left_out, walked, "tests/data/jaxpr_primitives.txt", "a walk of the installed jax")
    assert walked and not problems, "\n".join(problems) + (
        "\n(run `uv run python tests/jaxpr_primitives.py`, then give each new primitive a row or a place in 'Left out')")


def test_the_defined_in_rule():
    """Which lines count as creating a primitive: one target or a tuple's, and the name quoted
    whole or, for a factory's `_wrapper` twin, as its stem."""
    assert jaxpr_primitives.creates("add_p = standard_naryop([_num, _num], 'add')", "add_p")
    assert jaxpr_primitives.creates("unreachable_p: core.Primitive = core.Primitive('unreachable')", "unreachable_p")
    assert jaxpr_primitives.creates("_fwd_p, _fwd_p_wrapper = (", "_fwd_p_wrapper")
    assert jaxpr_primitives.creates("_fwd_p, _fwd_p_wrapper = (", "_fwd_p")
    assert not jaxpr_primitives.creates("add_p.def_impl(f)", "add_p")
    assert not jaxpr_primitives.creates("if add_p == x:", "add_p")
    assert not jaxpr_primitives.creates("sub_add_p = f('x')", "add_p")
    lines = ['_fwd_p, _fwd_p_wrapper = (', '    _register(', '        "dot_fwd",']
    assert jaxpr_primitives.quoted("dot_fwd_wrapper", "_fwd_p_wrapper", lines)
    assert jaxpr_primitives.quoted("dot_fwd", "_fwd_p", lines)
    assert not jaxpr_primitives.quoted("dot_fwd_wrapper", "_fwd_p", lines)
