"""docs/xla-passes.md lists every pass and pipeline the CPU pipeline runs in the page's dumps.

The pass list is the committed record of `snippets/passes/pass_table.py`
(`records/passes/pass_table.py.txt`), which `pytest docs/xla-passes.md` holds to what the
snippet prints on the pinned jaxlib. These tests read that record and the page, and build
nothing, so they are fast:

- every pass in the record has a row in the page's pass table, and every row names a pass
  the record shows, unless it says it is listed for completeness;
- the same for the pipelines and the pipelines table;
- every "source" cell links one header or source file at the pinned XLA commit;
- every "shown on" link goes to a section of a page that names the pass (its text or a
  snippet shown there).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import reference as ref
from pinned import XLA_AT_COMMIT

PAGE = ref.DOCS / "xla-passes.md"
RECORD = ref.ROOT / "records" / "passes" / "pass_table.py.txt"
PASS_HEADERS = ["pass", "what it does", "shown on", "source"]
PIPELINE_HEADERS = ["pipeline", "what it holds"]
COMPLETENESS = "listed for completeness"
SOURCE = re.compile(re.escape(XLA_AT_COMMIT) + r"xla/[\w/]+\.(?:h|cc)")


# ---------------------------------------------------------------------------------------------
# Reading the record
# ---------------------------------------------------------------------------------------------

def record_passes(text: str) -> list[str]:
    """The pass names of the table the snippet prints: the rows between its two header lines
    (`98 passes in the order ...`, `pass  dense ...`) and the next empty line."""
    match = re.search(r"^(\d+) passes in the order they first ran[^\n]*\npass [^\n]*\n(?P<rows>(?:[^\n]+\n)*)",
                      text, re.M)
    if match is None:
        raise AssertionError("no pass table in the record: has the snippet's output changed form?")
    names = [line.split()[0] for line in match["rows"].splitlines()]
    if len(names) != int(match[1]):
        raise AssertionError(f"the record announces {match[1]} passes and lists {len(names)}")
    return names


def record_pipelines(text: str) -> list[str]:
    match = re.search(r"^(\d+) pipelines, in the order they first started:\n(?P<rows>(?: {4}\S+\n?)*)", text, re.M)
    if match is None:
        raise AssertionError("no pipeline list in the record: has the snippet's output changed form?")
    names = [line.strip() for line in match["rows"].splitlines()]
    if len(names) != int(match[1]):
        raise AssertionError(f"the record announces {match[1]} pipelines and lists {len(names)}")
    return names


SAMPLE = """dense: 3 pass runs in 2 pipelines, 1 changed the module

2 passes in the order they first ran; per column, runs that changed the module/runs
pass                                    dense  pipelines
dce                                     0/2    sharding-removal, simplification
algsimp                                 1/1    simplification

2 pipelines, in the order they first started:
    sharding-removal
    simplification
"""


def test_the_record_reader_takes_the_names_and_rejects_other_text():
    assert record_passes(SAMPLE) == ["dce", "algsimp"]
    assert record_pipelines(SAMPLE) == ["sharding-removal", "simplification"]
    with pytest.raises(AssertionError, match="announces 3 passes"):
        record_passes(SAMPLE.replace("2 passes in", "3 passes in"))
    with pytest.raises(AssertionError, match="no pass table"):
        record_passes("dce 0/1\n")
    with pytest.raises(AssertionError, match="no pipeline list"):
        record_pipelines(SAMPLE.split("\n\n2 pipelines")[0])


def load_pass_runs():
    spec = importlib.util.spec_from_file_location("pass_runs", ref.SNIPPETS / "passes" / "pass_runs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_snippets_extraction_reads_dump_file_names():
    """Pipeline starts and a nested pipeline's own snapshot are not passes; copy-insertion's files
    written while it runs are; apply-xla-transforms loses its instance number."""
    names = [
        "module_0001.jit_f.0000.sharding-removal.after_pipeline-start.before_dce.txt",
        "module_0001.jit_f.0001.sharding-removal.after_dce.before_pipeline-end.txt",
        "module_0001.jit_f.0002.outer.after_pipeline-start.before_simplification.txt",
        "module_0001.jit_f.0003.simplification.after_pipeline-start.before_algsimp.txt",
        "module_0001.jit_f.0004.simplification.after_algsimp.before_dce.txt",
        "module_0001.jit_f.0005.outer.after_simplification.before_copy-insertion.txt",
        "module_0001.jit_f.0006.copy-insertion.after_adding_copies_to_resolve_interference.txt",
        "module_0001.jit_f.0007.outer.after_copy-insertion.before_apply-xla-transforms-7.txt",
        "module_0001.jit_f.0008.outer.after_apply-xla-transforms-7.before_pipeline-end.txt",
        "module_0001.jit_f.cpu_after_optimizations.txt",
    ]
    runs, pipelines = load_pass_runs().pass_runs(names)
    assert pipelines == ["sharding-removal", "outer", "simplification"]
    assert runs == [("sharding-removal", "dce"), ("simplification", "algsimp"),
                    ("copy-insertion", "adding_copies_to_resolve_interference"),
                    ("outer", "copy-insertion"), ("outer", "apply-xla-transforms-N")]


# ---------------------------------------------------------------------------------------------
# Comparing the record with the page
# ---------------------------------------------------------------------------------------------

def listing_problems(seen: list[str], table: list[ref.Row], column: str, what: str) -> list[str]:
    """A name the record shows with no row, a row twice, a row for a name the record does not show."""
    problems, by_name = [], {}
    for row in table:
        name = ref.sole_name(row, column)
        if not name:
            problems.append(f"docs/xla-passes.md:{row.line}: the {column} cell must hold one name in code quotes")
        elif name in by_name:
            problems.append(f"docs/xla-passes.md:{row.line}: `{name}` already has a row at line {by_name[name].line}")
        by_name.setdefault(name, row)
    for name in seen:
        if name not in by_name:
            problems.append(f"`{name}`: a {what} in {RECORD.relative_to(ref.ROOT)} with no row in docs/xla-passes.md")
    for name, row in by_name.items():
        if name and name not in seen and COMPLETENESS not in " ".join(row.cells.values()):
            problems.append(f"docs/xla-passes.md:{row.line}: `{name}` is in no dump of the record; "
                            f"drop the row or say '{COMPLETENESS}'")
    return problems


@pytest.fixture(scope="module")
def record():
    assert RECORD.is_file(), f"{RECORD} is missing: run `uv run pytest docs/xla-passes.md --accept-outputs`"
    return RECORD.read_text(encoding="utf-8")


def test_every_pass_in_the_dumps_has_a_row_and_every_row_a_pass(record):
    problems = listing_problems(record_passes(record), ref.table_rows(PAGE, PASS_HEADERS), "pass", "pass")
    assert not problems, "\n".join(problems)


def test_every_pipeline_in_the_dumps_has_a_row_and_every_row_a_pipeline(record):
    problems = listing_problems(record_pipelines(record), ref.table_rows(PAGE, PIPELINE_HEADERS), "pipeline", "pipeline")
    assert not problems, "\n".join(problems)


def test_the_comparison_fails_on_a_missing_or_a_stale_row():
    """The check itself: a pass with no row, and a row no dump shows, are both reported."""
    table = ref.table_rows(PAGE, PASS_HEADERS)
    names = [ref.sole_name(row, "pass") for row in table]
    assert listing_problems(names, table, "pass", "pass") == []
    missing = listing_problems(names + ["brand-new-pass"], table, "pass", "pass")
    assert len(missing) == 1 and "`brand-new-pass`" in missing[0]
    stale = listing_problems(names[1:], table, "pass", "pass")
    assert len(stale) == 1 and f"`{names[0]}` is in no dump" in stale[0]


def test_every_source_is_one_file_at_the_pinned_xla_commit():
    problems = []
    for row in ref.table_rows(PAGE, PASS_HEADERS):
        links = [target for _, target in ref.LINK.findall(row.cells["source"])]
        if len(links) != 1 or not SOURCE.fullmatch(links[0]):
            problems.append(f"docs/xla-passes.md:{row.line}: 'source' must be one link {XLA_AT_COMMIT}xla/...(.h|.cc), "
                            f"not {links}")
    assert not problems, "\n".join(problems)


def test_every_shown_on_link_is_a_section_that_names_the_pass():
    problems = []
    for row in ref.table_rows(PAGE, PASS_HEADERS):
        name, here = ref.sole_name(row, "pass"), f"docs/xla-passes.md:{row.line}"
        links = ref.LINK.findall(row.cells["shown on"])
        if not links and row.cells["shown on"].strip() != "-":
            problems.append(f"{here}: 'shown on' holds neither links nor '-'")
        for _, target in links:
            page_name, _, anchor = target.partition("#")
            page = ref.linked_page(page_name)
            if page is None:
                problems.append(f"{here}: {target}: no page docs/{page_name}")
                continue
            span = page.section(anchor or None)
            if span is None:
                problems.append(f"{here}: {target}: {page_name} has no heading with id '{anchor}'")
                continue
            first, last = span
            texts = ["\n".join(page.text.split("\n")[first - 1:last])]
            texts += [text for line, _, text in page.sources if first <= line <= last]
            word = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")
            if not any(word.search(text) for text in texts):
                problems.append(f"{here}: {target}: that section never names `{name}`")
    assert not problems, "\n".join(problems)


def test_the_page_uses_the_snippet_whose_record_is_read():
    assert "<!-- live: passes/pass_table.py" in PAGE.read_text(encoding="utf-8")
    assert Path(ref.SNIPPETS / "passes" / "pass_table.py").is_file()
