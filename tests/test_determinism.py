"""The site does not depend on timing, and no output holds a machine detail.

Three checks, together about 20 s where a second cold build cost about 115 s of every
run, and as strict but for one gap: the snippets in `[tool.live] unrecorded` (timings
that differ by machine) are not compared with a second run of themselves here.

- each snippet's output: the clean build (the session's `clean_site`) ran every
  snippet fresh, and the docs/ items compare each of those outputs with its record,
  written by an earlier run (records/, see hooks/live_engine/records.py). A snippet
  whose output changes from run to run fails there, with a diff;
- the rendering: the same sources built again into another folder, every output
  taken from the clean build's cache, give the same site byte for byte, whatever
  order the outputs arrived in the first time;
- the notebook, which has no record: run again in a fresh kernel, it gives what the
  clean build executed and cached.

The slow proof in tests/test_repeatability.py (`uv run pytest -m slow`) still makes
three cold builds and ten notebook runs, and compares them byte for byte.
"""

from __future__ import annotations

import getpass
import json
import os
import re
from pathlib import Path

import pytest

from live_engine.cache import ResultCache
from live_engine.notebooks import notebook_key
from sitebuild import build_site
from test_site import live_outputs

ROOT = Path(__file__).resolve().parent.parent
CASE_STUDY = "docs/case-study.ipynb"


def clean_cache(clean_site: Path) -> Path:
    return clean_site.parent / "cache"  # where the `clean_site` fixture's build kept its outputs


@pytest.fixture(scope="module")
def rebuilt_site(clean_site, tmp_path_factory):
    folder = tmp_path_factory.mktemp("rebuild")
    return build_site(folder, cache=clean_cache(clean_site)), (folder / "build.log").read_text(encoding="utf-8")


def files(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def test_a_rebuild_from_the_clean_builds_outputs_is_byte_identical(clean_site, rebuilt_site):
    site, log = rebuilt_site
    assert re.search(r"live: \d+ snippets: 0 ran, \d+ from the cache", log), "the rebuild ran snippets:\n" + log
    first, second = files(clean_site), files(site)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


def test_the_notebook_run_again_gives_what_the_clean_build_shows(clean_site, case_study_run):
    source = (ROOT / CASE_STUDY).read_bytes()
    cached = ResultCache(clean_cache(clean_site)).get(notebook_key(source, CASE_STUDY))
    assert cached is not None, "the clean build cached no executed notebook under the key this test computes"
    assert json.dumps(case_study_run, sort_keys=True) == cached  # the session's fresh run (conftest.py)


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
