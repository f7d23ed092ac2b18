"""The review checklist after a pin move: every record that changed, where a chapter shows it,
and the sentences around it.

A new release changes outputs; the chapters' words about them do not change by themselves.
So for every record that differs from git's (the working tree against HEAD, or against a
commit given), the checklist names each directive that shows its snippet, chapter by
chapter in the order of the navigation (mkdocs.yml `nav`), with the section heading, the
paragraph before and the paragraph after: what a person reads next to the new output.
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

from mkdocs.utils.yaml import yaml_load

from live_engine.directives import FENCE, parse_page
from live_engine.records import SUFFIX

SKIPPED_BLOCKS = ("<!--", "???", "!!!", "===")  # directives, folded checks and notes, tabs: not the prose
HEADING = re.compile(r"^#{1,6} ")


class ChecklistError(RuntimeError):
    """The checklist cannot be made (no git, an unknown commit); the message says what to do."""


@dataclasses.dataclass(frozen=True)
class Record:
    snippet: str  # relative to snippets/
    path: str  # the record file, relative to the repository
    change: str  # "changed (+3 -1 lines)", "new", "deleted"


@dataclasses.dataclass(frozen=True)
class Shown:
    """One directive showing a changed record's snippet, and the chapter's words around it."""

    record: Record
    where: str  # docs/x.md:LINE
    directive: str  # the directive's line as written
    heading: str  # the section it is in ("" before the first heading)
    before: list[str]  # the paragraph before it, as lines (empty when the section has none)
    after: list[str]


@dataclasses.dataclass
class Checklist:
    since: str
    by_chapter: dict[str, list[Shown]]  # docs/x.md -> directives, chapters in the navigation's order
    unshown: list[Record]  # changed records no chapter shows (an unrecorded snippet's, an orphan)


def changed_records(root: Path, records_dir: Path, since: str = "HEAD") -> list[Record]:
    """Every record file that differs from commit `since`, untracked new ones included."""
    folder = records_dir.relative_to(root).as_posix()
    counts = _git(root, "diff", "--numstat", "--no-renames", since, "--", folder)
    statuses = _git(root, "diff", "--name-status", "--no-renames", since, "--", folder)
    untracked = _git(root, "ls-files", "--others", "--exclude-standard", "--", folder)
    status_of = {line.split("\t")[1]: line.split("\t")[0] for line in statuses.splitlines()}
    found = {}
    for line in counts.splitlines():
        added, removed, path = line.split("\t")
        found[path] = {"D": "deleted", "A": "new"}.get(status_of.get(path, ""), f"changed (+{added} -{removed} lines)")
    found.update({path: "new" for path in untracked.splitlines()})
    return [Record(_snippet(path, folder), path, change) for path, change in sorted(found.items())
            if path.endswith(SUFFIX)]


def make_checklist(root: Path, records_dir: Path, since: str = "HEAD") -> Checklist:
    records = changed_records(root, records_dir, since)
    by_snippet = {record.snippet: record for record in records}
    by_chapter: dict[str, list[Shown]] = {}
    shown: set[str] = set()
    for chapter in chapters_in_nav_order(root):
        text = (root / chapter).read_text(encoding="utf-8")
        lines = text.split("\n")
        for directive in parse_page(text, chapter).directives:
            for path in directive.paths:
                if path in by_snippet:
                    heading, before, after = surroundings(lines, directive.line)
                    by_chapter.setdefault(chapter, []).append(Shown(
                        by_snippet[path], directive.where, lines[directive.line - 1].strip(), heading, before, after))
                    shown.add(path)
    return Checklist(since, by_chapter, [record for record in records if record.snippet not in shown])


def chapters_in_nav_order(root: Path) -> list[str]:
    """docs/*.md as the navigation lists them, then any it does not list, by name."""
    with open(root / "mkdocs.yml", encoding="utf-8") as file:
        nav = (yaml_load(file) or {}).get("nav") or []
    order: list[str] = []

    def walk(entries) -> None:
        for entry in entries:
            value = next(iter(entry.values())) if isinstance(entry, dict) else entry
            if isinstance(value, list):
                walk(value)
            elif isinstance(value, str) and value.endswith(".md") and f"docs/{value}" not in order:
                order.append(f"docs/{value}")

    walk(nav)
    present = [page for page in order if (root / page).is_file()]
    return present + sorted(path.relative_to(root).as_posix() for path in (root / "docs").rglob("*.md")
                            if path.relative_to(root).as_posix() not in present)


def surroundings(lines: list[str], line: int) -> tuple[str, list[str], list[str]]:
    """(the heading above line `line`, the prose paragraph before it, the one after it): paragraphs are
    runs of non-blank lines outside code fences that are not directives, folded blocks or tabs, and
    neither goes past a heading."""
    blocks = _blocks(lines)
    heading = next((lines[start - 1] for start, end in reversed(blocks) if end < line
                    and HEADING.match(lines[start - 1])), "")
    above = [block for block in blocks if block[1] < line]
    below = [block for block in blocks if block[0] > line]
    return heading, _nearest_prose(lines, reversed(above)), _nearest_prose(lines, below)


def _nearest_prose(lines: list[str], blocks) -> list[str]:
    for start, end in blocks:
        first = lines[start - 1].strip()
        if HEADING.match(first):
            return []
        if first.startswith(SKIPPED_BLOCKS) or FENCE.match(first):
            continue
        return [line.strip() for line in lines[start - 1:end]]
    return []


def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) 1-based line numbers of each run of non-blank lines; a fenced block, blank lines
    and all, is one run of its own, and so is a heading."""
    blocks: list[tuple[int, int]] = []
    start, fence = None, None
    for number, line in enumerate(lines, start=1):
        opener = FENCE.match(line)
        if fence is not None:  # inside a fence: it ends at its closing line
            if opener and opener["fence"][0] == fence[0] and len(opener["fence"]) >= len(fence) \
                    and not line.strip().strip(fence[0]):
                blocks.append((start, number))
                start, fence = None, None
            continue
        if opener or not line.strip() or HEADING.match(line):
            if start is not None:
                blocks.append((start, number - 1))
                start = None
            if opener:
                start, fence = number, opener["fence"]
            elif line.strip():
                blocks.append((number, number))
            continue
        if start is None:
            start = number
    if start is not None:
        blocks.append((start, len(lines)))
    return blocks


def _snippet(record: str, folder: str) -> str:
    return record[len(folder) + 1:-len(SUFFIX)]


def _git(root: Path, *arguments: str) -> str:
    try:
        result = subprocess.run(["git", *arguments], cwd=root, capture_output=True, text=True)
    except FileNotFoundError:
        raise ChecklistError("the checklist compares the records with git's; install git") from None
    if result.returncode != 0:
        raise ChecklistError(f"`git {' '.join(arguments)}` failed: {result.stderr.strip()}; give --since a commit "
                             f"that git knows (the one before the pin moved)")
    return result.stdout


def render(checklist: Checklist, left_links: list[str]) -> str:
    """The checklist as the person reads it: records by chapter, then the links left at the old tag."""
    count = sum(len(shown) for shown in checklist.by_chapter.values()) + len(checklist.unshown)
    out = [f"Review checklist: records that differ from {checklist.since}, by chapter in the navigation's order.",
           "Read each new output (git diff on its record) with the sentences around it; then fix the chapter.",
           ""]
    if not count:
        out.append(f"No record differs from {checklist.since}.")
    for chapter, shown in checklist.by_chapter.items():
        out.append(f"== {chapter}")
        for item in shown:
            out += ["", f"{item.where}: {item.directive}",
                    f"    record {item.record.path}: {item.record.change}; git diff {checklist.since} -- "
                    f"{item.record.path}"]
            if item.heading:
                out.append(f"    in: {item.heading.strip()}")
            out += _quoted("before", item.before) + _quoted("after", item.after)
        out.append("")
    if checklist.unshown:
        out.append("== records no chapter shows")
        out += [f"{record.path}: {record.change}" for record in checklist.unshown] + [""]
    if left_links:
        out.append(f"== links left for a person to check ({len(left_links)})")
        out += left_links + [""]
    return "\n".join(out)


def _quoted(label: str, lines: list[str]) -> list[str]:
    if not lines:
        return [f"    {label}: (nothing in this section)"]
    return [f"    {label}: | {lines[0]}"] + [f"    {' ' * len(label)}  | {line}" for line in lines[1:]]
