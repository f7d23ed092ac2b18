"""The absolutes list (tests/absolutes.py, tests/second_cases/): each entry still finds its
sentence and names evidence that exists, and the sentences without one never grow in number.

UNBACKED_AT_MOST is the count `uv run python tests/absolutes.py --count` prints last: lower it
whenever entries back more sentences. A page that adds an absolute rule sentence with no entry
raises the count, and this test names the sentence.
"""

from __future__ import annotations

import re

import pytest

import absolutes
from absolutes import Entry, Sentence, all_sentences, entries, matches, sentences_of, unbacked
from pinned import JAX_AT_TAG, XLA_AT_COMMIT

UNBACKED_AT_MOST = 0
LIVE = re.compile(r"<!-- live: ([^ >]+)")


@pytest.fixture(scope="module")
def sentences() -> list[Sentence]:
    return all_sentences()


def entry_problems(entry: Entry, sentences: list[Sentence]) -> list[str]:
    where = f"tests/second_cases: {entry.page}: {entry.quote[:60]!r}"
    if not (absolutes.DOCS / entry.page).is_file():
        return [f"{where}: no page docs/{entry.page}"]
    if not entry.kind:
        return [f"{where}: give exactly one of check, source, not_a_rule"]
    problems = []
    found = matches(entry, sentences)
    if len(found) != 1:
        problems.append(f"{where}: the quote is in {len(found)} absolute sentences of the page, not 1: "
                        "quote more of the sentence (or it changed, or lost its absolute word)")
    if entry.kind == "check":
        shown = LIVE.findall((absolutes.DOCS / entry.page).read_text(encoding="utf-8"))
        if entry.evidence not in shown:
            problems.append(f"{where}: check = {entry.evidence!r} is not a snippet shown live on that page")
        if not entry.varies.strip():
            problems.append(f"{where}: say in `varies` what the check's case varies")
    elif entry.kind == "source" and not entry.evidence.startswith((JAX_AT_TAG, XLA_AT_COMMIT)):
        problems.append(f"{where}: source must be jax at {JAX_AT_TAG} or XLA at {XLA_AT_COMMIT}")
    elif entry.kind == "not_a_rule" and len(entry.evidence.split()) < 3:
        problems.append(f"{where}: say why the sentence makes no claim about JAX or XLA")
    return problems


def test_every_entry_finds_its_sentence_and_names_evidence_that_exists(sentences):
    problems = [problem for entry in entries() for problem in entry_problems(entry, sentences)]
    assert problems == [], "\n".join(problems)


def test_the_sentences_without_a_second_case_do_not_grow(sentences):
    left = unbacked(sentences, entries())
    assert len(left) <= UNBACKED_AT_MOST, (
        f"{len(left)} absolute rule sentences have no entry in tests/second_cases/, more than "
        f"{UNBACKED_AT_MOST}; back the new ones (tests/absolutes.py says how), for example:\n"
        + "\n".join(f"docs/{s.page}:{s.line}: {s.text}" for s in left[-5:]))


def test_the_finder_reads_prose_and_list_items_only(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "---\nsearch:\n  boost: 3\n---\n\n# `x` is never here\n\n"
        "A `while` never appears. Nothing here is absolute.\nA second `line`\nis not code.\n\n"
        "- `sort` always sorts;\n  it has no rival.\n\n"
        "```python\n# `never` in code\n```\n\n<!-- `never` in a comment -->\n\n"
        "??? check \"Checked\"\n\n    `never` in a check\n\n| `never` | in a table |\n\n"
        "No claim without code quotes is never counted.\n", encoding="utf-8")
    found = [(sentence.line, sentence.text) for sentence in sentences_of(page, docs=tmp_path)]
    assert found == [(8, "A `while` never appears."), (9, "A second `line` is not code."),
                     (12, "`sort` always sorts; it has no rival.")]

