"""The new pin in pyproject.toml: `jax==` and `jaxlib==`, `[tool.live] jax_pinned`, the old
pin first in `jax_compare`, and the old pin as `jax_previous_pin` when that key is there.

A text edit, not a TOML rewrite, so the comments and the layout stay as the author wrote
them. The comment above `jax_pinned` says why each compared version is there; no program
knows why the old pin will be, so the edit returns a reminder for every version that
comment does not name.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib

# Each key's line in [tool.live], its value in the group `value`.
PINNED = re.compile(r'^jax_pinned\s*=\s*(?P<value>"(?P<version>[^"]*)")', re.MULTILINE)
PREVIOUS = re.compile(r'^jax_previous_pin\s*=\s*(?P<value>"[^"]*")', re.MULTILINE)
COMPARE = re.compile(r"^jax_compare\s*=\s*(?P<value>\[[^\]\n]*\])", re.MULTILINE)


class PyprojectError(ValueError):
    """pyproject.toml is not as the edit expects; the message says what to fix by hand."""


@dataclasses.dataclass(frozen=True)
class Bump:
    text: str  # the new pyproject.toml
    old: str  # the version pinned before
    reminders: tuple[str, ...]  # what a person still has to write


def bump(text: str, new: str, jaxlib: str | None = None) -> Bump:
    """pyproject.toml's `text` pinned to jax `new` (and jaxlib `jaxlib`, else the same version)."""
    pinned = PINNED.search(text)
    if not pinned:
        raise PyprojectError('pyproject.toml: no jax_pinned = "..." line in [tool.live]; add the one uv.lock installs')
    old = pinned["version"]
    if old == new:
        raise PyprojectError(f"pyproject.toml: jax {new} is pinned already (to change jaxlib alone, edit its "
                             f"jaxlib== by hand, then run uv lock and the steps after it)")
    text = _pin_dependency(_pin_dependency(text, "jax", new), "jaxlib", jaxlib or new)
    text = _set(text, PINNED, f'"{new}"')
    if PREVIOUS.search(text):  # the changes page leads with what changed since the previous pin
        text = _set(text, PREVIOUS, f'"{old}"')
    compare = COMPARE.search(text)
    if not compare:
        raise PyprojectError("pyproject.toml: no one-line jax_compare = [...] in [tool.live]; add one")
    before = tomllib.loads(f"list = {compare['value']}")["list"]
    after = [old] + [version for version in before if version not in (old, new)]
    text = _set(text, COMPARE, "[" + ", ".join(f'"{version}"' for version in after) + "]")
    _check(text, new, jaxlib or new, after, old)
    return Bump(text, old, _reminders(text, old, new, before, after))


def _set(text: str, key: re.Pattern, value: str) -> str:
    """`text` with the value after `key`'s match replaced (what follows on the line, a comment, stays)."""
    match = key.search(text)
    return text[:match.start("value")] + value + text[match.end("value"):]


def _reminders(text: str, old: str, new: str, before: list[str], after: list[str]) -> tuple[str, ...]:
    """What the comment above jax_pinned, which says why each compared version is there, now lacks."""
    where = f"pyproject.toml:{_line(text, 'jax_pinned')}: the comment above jax_pinned"
    comment = _comment_above(text, "jax_pinned")
    reminders = [f"{where} does not say why jax {version} is compared: name the change the site shows after it, "
                 f"or drop it from jax_compare" for version in after if not _names(comment, version)]
    if new in before:
        reminders.append(f"{where} says why jax {new} was compared; it is the pin now")
    if "previous pin" in comment:
        reminders.append(f"{where} names the previous pin: it is jax {old} now")
    return tuple(reminders)


def _pin_dependency(text: str, name: str, version: str) -> str:
    pattern = re.compile(rf"""(?P<quote>["']){re.escape(name)}==[^"']*(?P=quote)""")
    found = pattern.findall(text)
    if len(found) != 1:
        raise PyprojectError(f'pyproject.toml: expected one "{name}==VERSION" dependency, found {len(found)}; '
                             f"pin {name} exactly once in [project] dependencies")
    return pattern.sub(lambda match: f"{match['quote']}{name}=={version}{match['quote']}", text)


def _check(text: str, jax: str, jaxlib: str, compare: list[str], old: str) -> None:
    """The edited file parses and says what was meant: a slip of a regular expression shows here."""
    document = tomllib.loads(text)
    live = document.get("tool", {}).get("live", {})
    dependencies = document.get("project", {}).get("dependencies", [])
    if not {f"jax=={jax}", f"jaxlib=={jaxlib}"} <= set(dependencies) \
            or live.get("jax_pinned") != jax or live.get("jax_compare") != compare \
            or live.get("jax_previous_pin", old) != old:
        raise PyprojectError(f"pyproject.toml: the edit did not give jax=={jax}, jaxlib=={jaxlib}, "
                             f"jax_pinned = \"{jax}\", jax_compare = {compare} and jax_previous_pin = \"{old}\"; "
                             f"make them by hand")


def _names(text: str, version: str) -> bool:
    """Whether `text` names `version` (0.9.2, not as part of 0.9.21 or 10.9.2)."""
    return re.search(rf"(?<![\d.]){re.escape(version)}(?!\.?\d)", text) is not None


def _line(text: str, key: str) -> int:
    return next(number for number, line in enumerate(text.split("\n"), start=1) if line.startswith(key))


def _comment_above(text: str, key: str) -> str:
    """The comment lines right above `key`'s line."""
    lines = text.split("\n")[:_line(text, key) - 1]
    comment = []
    while lines and lines[-1].lstrip().startswith("#"):
        comment.insert(0, lines.pop())
    return "\n".join(comment)
