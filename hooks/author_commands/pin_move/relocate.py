"""Finding linked lines of code in another version of their file.

A link such as `lax.py#L280-L300` names lines, not code. When the file changes, the
same code sits at other lines; these functions find it, and say so when they cannot
rather than guess: a link a person checks is better than one pointing at other code.

Pure text in, line numbers out.
"""

from __future__ import annotations

import dataclasses
import re

CONTEXT = 200  # lines compared around a block that occurs more than once, to tell the copies apart
# The name a first line defines, to say where it went when the lines changed: `def f(`,
# `class C(`, `f_p = ...`.
DEFINES = re.compile(r"^\s*(?:async\s+)?(?:(?:def|class)\s+(?P<named>\w+)|(?P<assigned>[\w.]+)\s*(?::[^=]*)?=(?!=))")


@dataclasses.dataclass(frozen=True)
class Found:
    start: int  # 1-based, inclusive: the new anchor is #L{start} or #L{start}-L{end}
    end: int


@dataclasses.dataclass(frozen=True)
class Lost:
    reason: str  # why the lines were not moved, for the person who checks the link


def relocate(old: list[str], new: list[str], start: int, end: int) -> Found | Lost:
    """Where lines `start`..`end` of `old` (1-based, inclusive) are in `new`.

    The block must occur in `new` unchanged (trailing spaces aside). When it occurs more
    than once, the copy with the most identical lines around it wins; a tie is Lost.
    """
    if not 1 <= start <= end <= len(old):
        return Lost(f"the old file has no lines {start}-{end} (it has {len(old)})")
    olds, news = _stripped(old), _stripped(new)
    block = olds[start - 1:end]
    places = [i for i in range(len(news) - len(block) + 1)
              if news[i] == block[0] and news[i:i + len(block)] == block]
    if not places:
        return Lost(f"its code is not in the new file (changed or removed){_where_it_went(block, news)}")
    if len(places) > 1:
        scores = {i: _same_around(olds, start - 1, end - 1, news, i, i + len(block) - 1) for i in places}
        best = max(scores.values())
        places = [i for i in places if scores[i] == best]
        if len(places) > 1:
            lines = ", ".join(f"L{i + 1}" for i in places)
            return Lost(f"its code occurs at {lines}, with the same lines around each")
    return Found(places[0] + 1, places[0] + len(block))


def _stripped(lines: list[str]) -> list[str]:
    return [line.rstrip() for line in lines]


def _same_around(old: list[str], first: int, last: int, new: list[str], at: int, to: int) -> int:
    """How many lines right above and right below the block are the same in both files."""
    above = 0
    while above < CONTEXT and first - above > 0 and at - above > 0 \
            and old[first - above - 1] == new[at - above - 1]:
        above += 1
    below = 0
    while below < CONTEXT and last + below + 1 < len(old) and to + below + 1 < len(new) \
            and old[last + below + 1] == new[to + below + 1]:
        below += 1
    return above + below


def _where_it_went(block: list[str], new: list[str]) -> str:
    """A hint for the person who checks the link: where the block's first line, or the name it
    defines, is in the new file ("" when nowhere, or in too many places to help)."""
    first = next((line for line in block if line.strip()), "")
    same = [i + 1 for i, line in enumerate(new) if first and line.strip() == first.strip()]
    if len(same) == 1 and len(block) > 1:
        last = _last_line_after(block, new, same[0])
        if last:
            return f"; its first and last lines are now at L{same[0]} and L{last}: check what changed between them"
    if 0 < len(same) <= 3:
        return f"; its first line is now at {', '.join(f'L{i}' for i in same)}"
    match = DEFINES.match(first)
    name = match and (match["named"] or match["assigned"])
    if not name:
        return ""
    defined = [i + 1 for i, line in enumerate(new) if (other := DEFINES.match(line))
               and name in (other["named"], other["assigned"]) and _indent(line) == _indent(first)]
    if 0 < len(defined) <= 3:
        return f"; `{name}` is now defined at {', '.join(f'L{i}' for i in defined)}"
    return ""


def _last_line_after(block: list[str], new: list[str], start: int) -> int | None:
    """Where the block's last line is in `new`, first after line `start` and no further than twice
    the block's length (a block that grew or shrank a little); None when it is not there."""
    last = next((line for line in reversed(block) if line.strip()), "").strip()
    reach = min(len(new), start + 2 * len(block))
    return next((i + 1 for i in range(start, reach) if new[i].strip() == last), None)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
