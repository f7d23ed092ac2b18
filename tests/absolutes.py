"""The rule sentences that say "never", "always", "every", "only", "no", "cannot", "refuses",
"has no" or "is not", and the second case that backs each one.

An absolute claim about what JAX or XLA does is the kind a reader's own program breaks: one
example made it, and the word says it holds for all. So every such sentence of a chapter or
a recipe either has an entry in tests/second_cases/*.toml (any file name; one per chapter
group keeps edits apart) that names its evidence for a second case, or shows up here as
not yet backed:

    uv run python tests/absolutes.py            # the absolute sentences with no entry, page:line
    uv run python tests/absolutes.py --count    # how many there are, backed and not, per page

An entry is a `[[sentence]]` table: `page` (as under docs/), `quote` (a piece of the sentence,
enough to find it alone; the sentence may be rewrapped), and one of
- `check`: a snippet shown live on that page whose `??? check` covers a case the sentence's
  own example does not (another size, dtype, arity, wrapper...), with `varies`, what it varies;
- `source`: the jax or XLA source, at the pinned release, that defines the behaviour for all cases;
- `not_a_rule`: why the word makes no claim about JAX or XLA ("no longer", a count of this
  example's output, a statement about the page itself).
tests/test_absolutes.py holds the list to the pages: every entry finds its sentence, names
evidence that exists, and the count of sentences without one can only go down.

What counts as a rule sentence here: a sentence of prose or of a list item (not a heading,
table, code block, check or comment) that holds one of the words outside code quotes and at
least one piece of code in quotes: a technical claim, not a sentence about the reader.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import tomllib
from collections import Counter
from pathlib import Path

from reference import outside_fences

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LISTS = ROOT / "tests" / "second_cases"

ABSOLUTE = re.compile(r"\b(never|always|every|only|no|cannot|refuses?|has no|is not)\b", re.IGNORECASE)
CODE = re.compile(r"`[^`\n]+`")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(\[*])")
SKIPPED_PAGES = ("writing",)  # the authors' pages describe this site, not JAX
SKIPPED_NAMES = {"recipes/index.md"}  # a list of links


@dataclasses.dataclass(frozen=True)
class Sentence:
    page: str  # under docs/
    line: int  # where it starts
    text: str  # whitespace collapsed


@dataclasses.dataclass(frozen=True)
class Entry:
    page: str
    quote: str
    kind: str  # check, source or not_a_rule
    evidence: str
    varies: str = ""


def pages() -> list[Path]:
    found = sorted(DOCS.glob("*.md")) + sorted((DOCS / "recipes").glob("*.md"))
    return [path for path in found if not path.name.startswith(SKIPPED_PAGES)
            and path.relative_to(DOCS).as_posix() not in SKIPPED_NAMES]


def prose_blocks(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each paragraph or list item outside code (fences as reference.py
    reads them), checks, comments, tables, headings and front matter."""
    blocks, current, start, previous = [], [], 0, 0
    in_check, in_comment = False, False
    lines = text.split("\n")
    front_end = lines.index("---", 1) + 1 if lines[0] == "---" and "---" in lines[1:] else 0

    def close():
        if current:
            blocks.append((start, " ".join(current)))
        current.clear()

    for number, line in outside_fences(lines):
        stripped = line.strip()
        if number <= front_end:
            continue
        if number != previous + 1:  # a code block ended the paragraph
            close()
        previous = number
        if in_comment:
            in_comment = "-->" not in line
            continue
        if stripped.startswith("<!--"):
            close()
            in_comment = "-->" not in line
            continue
        if in_check:  # the indented body of a `??? check`
            if not stripped or line.startswith("    "):
                continue
            in_check = False
        if stripped.startswith(("??? check", "???+ check")):
            close()
            in_check = True
            continue
        if not stripped or stripped.startswith(("#", "|", "<")):
            close()
            continue
        if re.match(r"^\s*([-*]|\d+\.)\s", line):  # a list item starts a block of its own
            close()
        if not current:
            start = number
        current.append(stripped)
    close()
    return blocks


def sentences_of(path: Path, docs: Path = DOCS) -> list[Sentence]:
    """The absolute rule sentences of a page under `docs`."""
    page = path.relative_to(docs).as_posix()
    found = []
    lines = path.read_text(encoding="utf-8").split("\n")
    for line, block in prose_blocks("\n".join(lines)):
        block = re.sub(r"^([-*]|\d+\.)\s+", "", block)
        for text in SENTENCE_END.split(block):
            outside_code = CODE.sub(" ", text)
            if ABSOLUTE.search(outside_code) and CODE.search(text):
                first_words = " ".join(text.split()[:3])
                at = next((number for number in range(line, len(lines) + 1) if first_words in
                           " ".join(lines[number - 1].split())), line)
                found.append(Sentence(page, at, " ".join(text.split())))
    return found


def all_sentences() -> list[Sentence]:
    return [sentence for path in pages() for sentence in sentences_of(path)]


def entries(folder: Path = LISTS) -> list[Entry]:
    tables = [table for path in sorted(folder.glob("*.toml"))
              for table in tomllib.loads(path.read_text(encoding="utf-8")).get("sentence", [])]
    listed = []
    for table in tables:
        kinds = [kind for kind in ("check", "source", "not_a_rule") if kind in table]
        kind = kinds[0] if len(kinds) == 1 else ""
        listed.append(Entry(table.get("page", ""), " ".join(table.get("quote", "").split()), kind,
                            table.get(kind, "") if kind else "", table.get("varies", "")))
    return listed


def matches(entry: Entry, sentences: list[Sentence]) -> list[Sentence]:
    return [sentence for sentence in sentences if sentence.page == entry.page and entry.quote in sentence.text]


def unbacked(sentences: list[Sentence], listed: list[Entry]) -> list[Sentence]:
    backed = {sentence for entry in listed for sentence in matches(entry, sentences)}
    return [sentence for sentence in sentences if sentence not in backed]


def _main(argv: list[str]) -> None:
    sentences, listed = all_sentences(), entries()
    left = unbacked(sentences, listed)
    if argv == ["--count"]:
        total, open_ = Counter(s.page for s in sentences), Counter(s.page for s in left)
        for page in sorted(total, key=lambda page: -open_[page]):
            print(f"{open_[page]:4} of {total[page]:4} without a second case  docs/{page}")
        print(f"{len(left)} of {len(sentences)} absolute rule sentences have no entry in tests/second_cases/")
    elif not argv:
        for sentence in left:
            print(f"docs/{sentence.page}:{sentence.line}: {sentence.text}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    _main(sys.argv[1:])
