"""Two clean builds give the same site, byte for byte, and no output holds a machine detail.

The first build is the session's `clean_site`; this module makes a second one from
another empty cache, so every snippet runs twice in fresh processes.
"""

from __future__ import annotations

import getpass
import os
import re
from pathlib import Path

import pytest

from sitebuild import build_site
from test_site import live_outputs


@pytest.fixture(scope="module")
def second_site(tmp_path_factory):
    return build_site(tmp_path_factory.mktemp("second-build"))


def files(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def test_two_clean_builds_are_byte_identical(clean_site, second_site):
    first, second = files(clean_site), files(second_site)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


# What a live output must never hold, with the reason a reader would care.
MACHINE_DETAILS = {
    "an absolute path": re.compile(r"(?<![\w.<>~-])/(?:root|home|tmp|var|usr|opt|work|private|Users)/"),
    "a home folder": re.compile(re.escape(os.path.expanduser("~")) + r"(?![\w-])"),
    "a temporary folder name": re.compile(r"\btmp[a-z0-9_]{8}\b"),
    "a memory address": re.compile(r"\b0x[0-9a-fA-F]{4,}\b"),
    "a date": re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b"),
    "a time of day": re.compile(r"\b[0-2]\d:[0-5]\d:[0-5]\d\b"),
    "a process id": re.compile(rf"\bpid[ =:]+{os.getpid()}\b|\bpid[ =:]+\d{{2,}}\b", re.IGNORECASE),
}
if getpass.getuser() not in {"root", "runner", "user"}:  # a common word would match innocent text
    MACHINE_DETAILS["the user name"] = re.compile(rf"\b{re.escape(getpass.getuser())}\b")


def test_no_live_output_holds_a_machine_detail(clean_site):
    found = []
    for page, snippet, text in live_outputs(clean_site):
        for what, pattern in MACHINE_DETAILS.items():
            for match in pattern.finditer(text):
                found.append(f"{page}: {snippet}: {what}: {match.group()!r}")
    assert found == []
