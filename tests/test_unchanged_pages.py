"""Which chapters a `mkdocs serve` rebuild keeps from the last one (hooks/serve_mode/unchanged_pages.py).

A chapter keeps its plan only when its text, each snippet it names and each local module
those import are as the last build read them: these tests change one thing at a time.
"""

from __future__ import annotations

import sys

import pytest

from tinysite import ROOT, make_project

sys.path.insert(0, str(ROOT / "hooks"))
from serve_mode import unchanged_pages  # noqa: E402
from live_engine.build import BuildResult  # noqa: E402
from live_engine.runner import Outcome  # noqa: E402
from live_engine.snippets import load_snippet  # noqa: E402

PAGES = {"docs/a.md": "# A\n\n<!-- live: one.py -->\n", "docs/b.md": "# B\n\n<!-- live: two.py -->\n"}
SETTINGS = "the same settings"


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path, {"one.py": "import helper\nprint(helper.WORD)\n", "helper.py": "WORD = 1\n",
                                   "two.py": "print(2)\n"})


def last_build(project, outcomes=None, errors=()) -> unchanged_pages.LastBuild:
    snippets = {name: load_snippet(project / "snippets", name) for name in ("one.py", "two.py")}
    outcomes = outcomes or {name: Outcome(name, "out\n") for name in snippets}
    result = BuildResult(snippets, outcomes, list(errors), 0.0)
    return unchanged_pages.LastBuild(dict(PAGES), unchanged_pages.uses(PAGES), result,
                                     unchanged_pages.snippet_files(project / "snippets"), SETTINGS)


def kept(project, last, pages=PAGES, settings=SETTINGS) -> set[str]:
    return unchanged_pages.unchanged(pages, last, settings, unchanged_pages.snippet_files(project / "snippets"))


def test_with_nothing_changed_every_chapter_is_kept(project):
    assert kept(project, last_build(project)) == {"docs/a.md", "docs/b.md"}


def test_an_edited_chapter_is_planned_again(project):
    assert kept(project, last_build(project), PAGES | {"docs/b.md": PAGES["docs/b.md"] + "More.\n"}) == {"docs/a.md"}


def test_an_edited_snippet_plans_again_the_chapters_that_show_it(project):
    last = last_build(project)
    (project / "snippets/two.py").write_text("print(3)\n")
    assert kept(project, last) == {"docs/a.md"}


def test_an_edited_module_plans_again_the_chapters_whose_snippets_import_it(project):
    last = last_build(project)
    (project / "snippets/helper.py").write_text("WORD = 2\n")
    assert kept(project, last) == {"docs/b.md"}


def test_a_new_python_file_under_snippets_plans_everything_again(project):
    last = last_build(project)
    (project / "snippets/three.py").write_text("print(3)\n")  # `import three` would find it now
    assert kept(project, last) == set()


def test_new_settings_plan_everything_again(project):
    assert kept(project, last_build(project), settings="other settings") == set()


def test_a_snippet_that_raised_keeps_its_chapter_and_its_failure(project):
    error = "docs/b.md:3: snippets/two.py:1: ZeroDivisionError: division by zero"
    outcomes = {"one.py": Outcome("one.py", "1\n"),
                "two.py": Outcome("two.py", None, "snippets/two.py:1: ZeroDivisionError: division by zero")}
    last = last_build(project, outcomes, [error])
    assert kept(project, last) == {"docs/a.md", "docs/b.md"}
    planned = BuildResult({}, {}, [], 0.0)
    assert unchanged_pages.combined(planned, last, {"docs/b.md"}).errors == [error]


@pytest.mark.parametrize("problem", ["timed out after 120 s (set timeout=SECONDS on the directive if it needs longer)",
                                     "the snippet's process died: killed by signal 9 (SIGKILL)",
                                     "the worker failed: it exited"])
def test_a_snippet_that_timed_out_or_died_is_run_again(project, problem):
    outcomes = {"one.py": Outcome("one.py", "1\n"), "two.py": Outcome("two.py", None, f"snippets/two.py: {problem}")}
    assert kept(project, last_build(project, outcomes, [f"docs/b.md:3: snippets/two.py: {problem}"])) == {"docs/a.md"}
