"""The chapters and the snippets folder agree, and no example escapes the tests."""

from __future__ import annotations

import collections
import re
from pathlib import Path

import pytest

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

from live_engine.directives import FENCE, parse_page
from live_engine.settings import load_settings
from live_engine.snippets import load_snippet

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = load_settings(ROOT)
CHAPTERS = sorted((ROOT / "docs").rglob("*.md"))
# Opening lines that look like Python but that Sybil, which compares the info
# string exactly, would silently leave untested.
UNCOLLECTED_PYTHON = re.compile(r"^(python|py|py3|python3|pycon)\b(?!$)|^(py|py3|python3|pycon)$")


def directives():
    for chapter in CHAPTERS:
        yield from parse_page(chapter.read_text(encoding="utf-8"), chapter.relative_to(ROOT).as_posix()).directives


def test_every_directive_is_well_formed():
    errors = [
        str(error)
        for chapter in CHAPTERS
        for error in parse_page(chapter.read_text(encoding="utf-8"), chapter.relative_to(ROOT).as_posix()).errors
    ]
    assert errors == []


@pytest.mark.parametrize("directive", list(directives()), ids=lambda d: d.where)
def test_directive_names_an_existing_snippet(directive):
    for path in directive.paths:
        assert (SETTINGS.snippets_dir / path).is_file(), f"{directive.where}: no snippets/{path}"


def test_every_snippet_file_is_used_by_a_chapter():
    used: set[Path] = set()
    for directive in directives():
        for path in directive.paths:  # a snippet named by compare= is shown too
            snippet = load_snippet(SETTINGS.snippets_dir, path)
            used |= {path.resolve() for path in (snippet.file, *snippet.dependencies)}  # a linked module counts where it lives
    unused = sorted(
        path.relative_to(ROOT).as_posix()
        for path in SETTINGS.snippets_dir.rglob("*.py")
        if path.resolve() not in used
    )
    assert unused == [], "snippet files no chapter shows or imports; use them or delete them"


def test_shared_modules_are_linked_not_copied():
    """A chapter folder reaches a module of snippets/ (the shared MLP) through a symlink.

    A copy would drift from the original while every page still claimed to use
    the same model.
    """
    shared = {path.name for path in SETTINGS.snippets_dir.glob("*.py")}
    copies = sorted(
        path.relative_to(ROOT).as_posix()
        for path in SETTINGS.snippets_dir.glob("*/*.py")
        if path.name in shared and path.resolve() != (SETTINGS.snippets_dir / path.name).resolve()
    )
    assert copies == [], "replace each with a symlink: ln -sf ../NAME.py snippets/FOLDER/NAME.py"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_python_block_escapes_sybil(chapter):
    """A ```python fence with anything after `python` is not collected by Sybil: forbid it."""
    problems = []
    for number, line in enumerate(chapter.read_text(encoding="utf-8").splitlines(), start=1):
        opener = FENCE.match(line)
        if opener and UNCOLLECTED_PYTHON.match(line[opener.end():].strip()):
            problems.append(f"{chapter.relative_to(ROOT)}:{number}: {line.strip()!r} would not be tested")
    assert problems == []


@pytest.mark.parametrize("info, escapes", [
    ("python", False), ("bash", False), ("markdown", False), ("text", False), ("pythonic", False),
    ('python title="x.py"', True), ("python linenums='1'", True), ("py", True), ("pycon", True),
    ("python3", True),
])
def test_the_uncollected_python_rule(info, escapes):
    assert bool(UNCOLLECTED_PYTHON.match(info)) is escapes


# --- checked claims -------------------------------------------------------------------

CHECK_BLOCK = re.compile(r"^(?P<indent> *)\?\?\?\+? (?P<kind>[\w-]+)\b")
PROMPT = re.compile(r"^ *>>> ")


def prompt_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every `>>> ` line: each is a check Sybil must run."""
    return [(number, line) for number, line in enumerate(text.splitlines(), start=1) if PROMPT.match(line)]


def folded_block_kind(lines: list[str], index: int) -> str | None:
    """The kind of the collapsed `??? kind` block that line `index` sits in, or None."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    for line in reversed(lines[:index]):
        if line.strip() and len(line) - len(line.lstrip()) < indent:
            match = CHECK_BLOCK.match(line)
            if match:
                return match["kind"]
            indent = len(line) - len(line.lstrip())
            if indent == 0:
                return None
    return None


def uncollected_checks(chapter: Path) -> list[int]:
    """Line numbers of `>>>` statements that Sybil's Python parser does not collect.

    Sybil reports what it parsed as doctest examples; each `>>>` line of the page must be
    the first line of one of them (matched by its text, as often as it occurs).
    """
    collected = collections.Counter(
        example.parsed.source.splitlines()[0].strip()
        for example in Sybil(parsers=[PythonCodeBlockParser()]).parse(chapter))
    missed = []
    for number, line in prompt_lines(chapter.read_text(encoding="utf-8")):
        statement = line.strip().removeprefix(">>> ").strip()
        if collected[statement] > 0:
            collected[statement] -= 1
        else:
            missed.append(number)
    return missed


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_check_is_collected_by_sybil(chapter):
    """A `>>>` line outside any block Sybil parses (a ```pycon fence, a fence indented
    unlike its content, a typo in the info string) would never run: find each one."""
    missed = [f"{chapter.relative_to(ROOT)}:{number}" for number in uncollected_checks(chapter)]
    assert missed == [], "these checks would silently not run; write them as writing-checks.md shows"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_check_sits_in_the_main_text(chapter):
    """Checks are folded under `??? check` (or inside another collapsed block, such as an
    exercise's solution), so the reading flow holds prose and outputs only."""
    lines = chapter.read_text(encoding="utf-8").splitlines()
    unfolded = [f"{chapter.relative_to(ROOT)}:{number}" for number, _ in prompt_lines("\n".join(lines))
                if folded_block_kind(lines, number - 1) is None]
    assert unfolded == [], 'fold each check block under `??? check "..."`, indented by four spaces'


def test_the_check_rules_catch_what_they_promise(tmp_path):
    chapter = tmp_path / "page.md"
    chapter.write_text("""Text.

```pycon
>>> 1 + 1
2
```

??? check "Checked"

    ```python
    >>> 2 + 2
    4

    ```

```python
>>> 3 + 3
6

```
""")
    lines = chapter.read_text().splitlines()
    prompts = prompt_lines(chapter.read_text())
    assert [folded_block_kind(lines, number - 1) for number, _ in prompts] == [None, "check", None]
    assert uncollected_checks(chapter) == [prompts[0][0]]  # the ```pycon one


# Chapters that open with "In short": the chapter's rules, each linked to the section whose
# output shows it (issue 29). Its first `## ` heading, then 1 to 8 bullets or table rows.
def chapters_of(*sections: str) -> list[str]:
    """The pages listed under these sections of mkdocs.yml's nav, in nav order ("jaxprs.md", ...):
    a chapter split in two is held to the same rules as soon as its new page is in the nav."""
    import yaml

    class Loader(yaml.SafeLoader):  # mkdocs.yml's !ENV tags: their values do not matter here
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    nav = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["nav"]

    def pages(entries):
        for entry in entries:
            value = next(iter(entry.values())) if isinstance(entry, dict) else entry
            if isinstance(value, list):
                yield from pages(value)
            elif isinstance(value, str) and value.endswith(".md"):
                yield value

    return [page for entry in nav for title, value in entry.items() if title in sections for page in pages(value)]


# Every chapter of these nav sections, and the two references written as chapters.
IN_SHORT_CHAPTERS = chapters_of("Reading the IR", "Tools and workflows") + ["xla-passes.md", "dot-general.md"]
LINE_LIMIT = 700  # a chapter a reader can scan (issue 29): split by topic past this
END_MATTER = ("Pitfalls", "Now you try", "Further reading", "Where next")


def test_the_nav_sections_hold_the_chapters():
    assert len(IN_SHORT_CHAPTERS) >= 16 and "sharding.md" in IN_SHORT_CHAPTERS


@pytest.mark.parametrize("page", sorted((ROOT / "docs").rglob("*.md")), ids=lambda p: p.relative_to(ROOT / "docs").as_posix())
def test_no_page_is_longer_than_the_limit(page):
    lines = page.read_text(encoding="utf-8").count("\n")
    assert lines <= LINE_LIMIT, (f"docs/{page.relative_to(ROOT / 'docs').as_posix()} has {lines} lines, over {LINE_LIMIT}: "
                                 f"split it by topic (docs/writing-checks.md, 'Splitting a chapter')")


def basics_after_deeper(text: str) -> str | None:
    """Where a basic `## ` section follows one marked `{ .deeper }` (the end matter, pitfalls and
    exercises, may follow it), or None."""
    import reference

    deeper_seen = None
    for number, line in reference.outside_fences(text.split("\n")):
        if not line.startswith("## ") or line == "## In short":
            continue
        title = re.sub(r"\s*\{[^}]*\}\s*$", "", line[3:])
        if ".deeper" in line:
            deeper_seen = deeper_seen or (number, title)
        elif deeper_seen and title not in END_MATTER:
            return (f"{number}: '{title}' is a basic section after the deeper section '{deeper_seen[1]}' "
                    f"(line {deeper_seen[0]}): move it before, or mark it deeper")
    return None


@pytest.mark.parametrize("chapter", [ROOT / "docs" / name for name in IN_SHORT_CHAPTERS], ids=lambda p: p.name)
def test_deeper_sections_come_after_the_basics(chapter):
    """A section marked `{ .deeper }` holds internals only deep work needs: after the basics."""
    problem = basics_after_deeper(chapter.read_text(encoding="utf-8"))
    assert problem is None, f"{chapter.name}:{problem}"


def test_the_deeper_rule():
    page = "# T\n\n## In short\n\n- x\n\n## Basics\n\n## Internals { .deeper }\n\n```\n## not a heading\n```\n\n"
    assert basics_after_deeper(page + "## Pitfalls\n\n## Now you try\n") is None
    assert basics_after_deeper(page + "## More basics\n").startswith("15: 'More basics' is a basic section after")


@pytest.mark.parametrize("chapter", [ROOT / "docs" / name for name in IN_SHORT_CHAPTERS], ids=lambda p: p.name)
def test_chapter_opens_with_in_short(chapter):
    """`## In short` is the chapter's first `## ` heading; what follows it, up to the next
    heading, is 1 to 8 bullets (or rows of one table), and each holds a link `](#anchor)`
    whose every anchor is a heading of the same page."""
    import reference  # tests/reference.py: the page's headings with the ids MkDocs gives them

    text = chapter.read_text(encoding="utf-8")
    lines = text.split("\n")
    sections = [number for number, line in reference.outside_fences(lines) if line.startswith("## ")]
    assert sections, f"{chapter.name}: no `## ` heading"
    first = sections[0]
    assert lines[first - 1] == "## In short", \
        f"{chapter.name}:{first}: the first `## ` heading is {lines[first - 1]!r}, not '## In short'"
    end = next((number for number, line in reference.outside_fences(lines)
                if number > first and re.match(r"#{1,6} ", line)), len(lines) + 1)
    items, stray = [], []
    for number in range(first + 1, end):
        line = lines[number - 1]
        if line.startswith("- ") or (line.startswith("|") and not re.match(r"\|[\s:|-]*\|\s*$", line)):
            items.append([number, line])
        elif line.startswith("  ") and items and items[-1][1].startswith("- "):
            items[-1][1] += " " + line.strip()  # a bullet's continuation line
        elif line.strip():
            stray.append(number)
    if items and items[0][1].startswith("|"):
        items = items[1:]  # a table's header row states no rule
    assert stray == [], f"{chapter.name}: lines {stray} of 'In short' are neither a bullet nor a table row"
    assert 1 <= len(items) <= 8, f"{chapter.name}: 'In short' has {len(items)} bullets or rows, not 1 to 8"
    for number, item in items:
        # A rule links to its evidence: a section of this page (`](#x)`) or, for a chapter split
        # into several pages, of one of the others (`](other.md#x)`).
        links = re.findall(r"\]\(([\w-]+\.md)?#([^)\s]+)\)", item)
        assert links, f"{chapter.name}:{number}: this rule links to no section (`](#...)` or `](page.md#...)`)"
        for page, anchor in links:
            target = chapter if not page else chapter.parent / page
            assert target.is_file(), f"{chapter.name}:{number}: links {page}, which is not a page of docs/"
            ids = {heading.id for heading in reference.headings(target.read_text(encoding="utf-8"))}
            assert anchor in ids, f"{chapter.name}:{number}: no heading of {target.name} has the id {anchor!r}"
