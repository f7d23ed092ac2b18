"""The error index (hooks/live_engine/error_index.py, docs/errors.md): every error message and warning
the snippets print has its entry, and every entry an error that a page shows.

The real check reads the committed records (what the pinned JAX printed) and the chapters; the
clean build in tests/test_build.py runs the same check on the outputs it makes, and stops on a gap.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from live_engine.error_index import MARK, Entry, errors_shown, index_entries, index_problems, printed_errors, with_printed_errors
from live_engine.records import SUFFIX, TARGETS_FOLDER

ROOT = Path(__file__).resolve().parent.parent
PAGE = "docs/errors.md"


@pytest.mark.parametrize("line, found", [
    ("ValueError: unknown dialect: mhlo", ["ValueError: unknown dialect: mhlo"]),
    ("   as_text('mhlo'): ValueError unknown dialect: mhlo", ["ValueError: unknown dialect: mhlo"]),
    ("  jax._src.pallas.mosaic.lowering.LoweringException: Only single (1) and double (2) buffering",
     ["LoweringException: Only single (1) and double (2) buffering"]),
    ("jax.errors.TracerBoolConversionError: Attempted boolean conversion",
     ["TracerBoolConversionError: Attempted boolean conversion"]),
    ("  UserWarning: Explicitly requested dtype float64", ["UserWarning: Explicitly requested dtype float64"]),
    ("int() on a tracer: ConcretizationTypeError", []),  # names a class, prints no message
    ("costs[0]: KeyError 0", []),  # one word is no message
    ("a kind of ConcretizationTypeError: True", []),
    ("See https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError", []),
    ("HLO: %error = f32[] parameter(0)", []),
])
def test_an_error_line_is_a_class_name_and_a_message_of_two_words_or_more(line, found):
    assert printed_errors(line) == found


def test_a_pattern_matches_the_start_of_a_message_with_wildcards_for_what_varies():
    entry = Entry(1, "ValueError: Function '…' was exported for platforms", 1)
    assert entry.matches("ValueError: Function 'layer' was exported for platforms '('tpu',)' but it is used on 'cpu'")
    assert not entry.matches("ValueError: Function 'layer' was lowered for platforms")
    assert not entry.matches("TypeError: Function 'layer' was exported for platforms")


PAGES = {"docs/a.md": "<!-- live: a.py -->\n", "docs/b.md": "<!-- live: b.py output=hide -->\n",
         "docs/errors.md": f"# Errors\n\n{MARK}\n\n## Kind\n\n### `ValueError: bad …`\n\na cause\n\n"
                           "### `TypeError: gone`\n\nanother\n"}
OUTPUTS = {"a.py": "x: ValueError: bad shape (3,)\ny: ValueError: bad shape (4,)\nIndexError: out of range here\n",
           "b.py": "TypeError: gone for good\n"}  # its output is hidden: not shown, so not indexed


def test_each_level_three_heading_after_the_mark_is_an_entry_that_ends_before_the_next_heading():
    start, entries = index_entries(PAGES["docs/errors.md"] + "\n## Next kind\n\n### plain words\n")
    assert start == 3
    assert entries == [Entry(7, "ValueError: bad …", 9), Entry(11, "TypeError: gone", 13), Entry(17, "", 17)]
    assert index_entries("### `ValueError: before the mark`\n") == (0, [])


def test_an_error_no_entry_matches_and_an_entry_that_matches_nothing_are_problems_at_their_lines():
    shown = errors_shown(PAGES, OUTPUTS)
    assert shown == {"ValueError: bad shape (3,)": {"a.py": {"docs/a.md"}},
                     "ValueError: bad shape (4,)": {"a.py": {"docs/a.md"}},
                     "IndexError: out of range here": {"a.py": {"docs/a.md"}}}
    assert index_problems(PAGE, PAGES[PAGE], shown) == [
        "docs/errors.md:3: snippets/a.py prints an error the index lacks; add an entry for it: IndexError: out of range here",
        "docs/errors.md:11: no snippet prints an error that matches `TypeError: gone`; remove the entry or fix the pattern"]


def test_two_entries_for_one_error_and_a_heading_without_a_pattern_are_problems():
    page = f"{MARK}\n### `ValueError: bad …`\nx\n### `ValueError: bad shape …`\ny\n### plain\nz\n"
    problems = index_problems(PAGE, page, errors_shown({"docs/a.md": PAGES["docs/a.md"]}, {"a.py": "ValueError: bad shape (3,)"}))
    assert problems == ["docs/errors.md:6: the heading is not a pattern in code quotes (### `Name: message…`)",
                        "docs/errors.md:1: entries at lines 2, 4 all match one error; make the patterns tell it apart: "
                        "ValueError: bad shape (3,)"]


def test_each_entry_gets_the_lines_as_printed_and_the_pages_that_show_them():
    shown = {"ValueError: bad `shape` <3>": {"a.py": {"docs/a.md"}, "c.py": {"docs/c.md", "docs/a.md"}},
             **{f"TypeError: gone {n}": {"b.py": {"docs/b.md"}} for n in range(5)}}
    page = with_printed_errors(f"{MARK}\n### `ValueError: bad …`\n\na cause\n\n\n### `TypeError: gone …`\nb\n", shown,
                               lambda other: f"[{other[5]}]({other})")
    assert page.split("\n") == [
        MARK, "### `ValueError: bad …`", "", "a cause", "", "Printed on this site:", "",
        "- <code>ValueError: bad `shape` &lt;3&gt;</code> on [a](docs/a.md), [c](docs/c.md)", "", "",
        "### `TypeError: gone …`", "b", "", "Printed on this site:", "",
        "- <code>TypeError: gone 0</code> on [b](docs/b.md)", "- <code>TypeError: gone 1</code> on [b](docs/b.md)",
        "- <code>TypeError: gone 2</code> on [b](docs/b.md)", "- and 2 more", ""]


def test_every_error_the_pages_show_has_its_row_and_every_row_its_error():
    """On the committed records: the build makes the same check on its own outputs."""
    records = ROOT / "records"
    outputs = {path.relative_to(records).as_posix().removesuffix(SUFFIX): path.read_text(encoding="utf-8")
               for path in records.rglob(f"*{SUFFIX}") if TARGETS_FOLDER not in path.relative_to(records).parts[:1]}
    # A snippet's target tabs show errors too: each target's record follows its CPU record.
    for path in sorted((records / TARGETS_FOLDER).glob(f"*/**/*{SUFFIX}")):
        name = path.relative_to(records / TARGETS_FOLDER).as_posix().split("/", 1)[1].removesuffix(SUFFIX)
        if name in outputs:
            outputs[name] += "\n" + path.read_text(encoding="utf-8")
    pages = {f"docs/{path.relative_to(ROOT / 'docs').as_posix()}": path.read_text(encoding="utf-8")
             for path in (ROOT / "docs").rglob("*.md")}
    assert MARK in pages[PAGE], f"{PAGE} has no `{MARK}` mark"
    assert index_problems(PAGE, pages[PAGE], errors_shown(pages, outputs)) == []
