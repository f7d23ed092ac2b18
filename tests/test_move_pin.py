"""Moving the pin to a new JAX release (hooks/author_commands/move_pin.py): the pyproject edit, the link move and
the review checklist, on tiny projects with made-up jax source trees and releases 1.0.0 -> 1.1.0.

Nothing here downloads a wheel or runs a snippet: the source trees are two folders of a few
lines, and the checklist reads a git repository made in a temporary folder.
"""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

import pytest

from author_commands import move_pin
from author_commands.pin_move.checklist import make_checklist, render, surroundings
from author_commands.pin_move.commands import ITEMS_FAILED, accept_records
from author_commands.pin_move.links import move_links
from author_commands.pin_move.pyproject_edit import PyprojectError, bump
from author_commands.pin_move.relocate import Found, Lost, relocate
from tinysite import write_files

OLD_TAG = "https://github.com/jax-ml/jax/blob/jax-v1.0.0/"
NEW_TAG = "https://github.com/jax-ml/jax/blob/jax-v1.1.0/"
OTHER_TAG = "https://github.com/jax-ml/jax/blob/jax-v0.9.0/"
# No address in this file is written out whole, so a real pin move never finds one here to move.


# --- relocating lines ------------------------------------------------------------------------------

def test_lines_that_moved_are_found_where_the_same_code_is_now():
    old = ["import x", "", "def f(a):", "    return a", ""]
    new = ["import x", "import y", "", "", "def f(a):", "    return a", ""]
    assert relocate(old, new, 3, 4) == Found(5, 6)


def test_code_that_changed_is_lost_with_where_its_name_went():
    old = ["def f(a):", "    return a"]
    new = ["", "def f(a, b):", "    return a + b"]
    lost = relocate(old, new, 1, 2)
    assert isinstance(lost, Lost) and "not in the new file" in lost.reason and "`f` is now defined at L2" in lost.reason


def test_a_block_that_changed_inside_says_where_its_first_and_last_lines_are_now():
    old = ["def f(a):", "    b = a", "    return b"]
    new = ["import os", "", "def f(a):", "    b = a + 1", "    return b"]
    assert relocate(old, new, 1, 3) == Lost("its code is not in the new file (changed or removed); its first and "
                                           "last lines are now at L3 and L5: check what changed between them")


def test_a_block_found_twice_goes_to_the_copy_with_the_same_lines_around_it():
    old = ["def f():", "    return 0", "", "def g():", "    return 0"]
    new = ["def f():", "    return 0", "", "def h():", "    pass", "", "def g():", "    return 0"]
    assert relocate(old, new, 5, 5) == Found(8, 8)  # `return 0` under `def g():`, not under `def f():`
    assert relocate(old, new, 2, 2) == Found(2, 2)


def test_copies_with_the_same_surroundings_are_not_guessed_between():
    lost = relocate(["x = 1"], ["x = 1", "x = 1"], 1, 1)
    assert isinstance(lost, Lost) and "L1, L2" in lost.reason


def test_lines_the_old_file_does_not_have_are_lost():
    assert isinstance(relocate(["a"], ["a"], 2, 3), Lost)


# --- moving links ----------------------------------------------------------------------------------

OLD_SOURCE = """\
    # Copyright
    def f(a):
        return a

    def gone():
        pass
"""
NEW_SOURCE = """\
    # Copyright
    import os

    def f(a):
        return a
"""


@pytest.fixture
def site(tmp_path):
    """A project linking jax's source at jax-v1.0.0, and the two releases' trees."""
    write_files(tmp_path / "old", {"jax/_src/a.py": OLD_SOURCE, "jax/_src/removed.py": "x = 1\n"})
    write_files(tmp_path / "new", {"jax/_src/a.py": NEW_SOURCE})
    write_files(tmp_path / "project", {
        "docs/chapter.md": f"""\
            `f` ([a.py:2-3]({OLD_TAG}jax/_src/a.py#L2-L3)) returns its argument,
            like line [2]({OLD_TAG}jax/_src/a.py#L2) alone; the module is [a.py]({OLD_TAG}jax/_src/a.py).
            `gone` ([source]({OLD_TAG}jax/_src/a.py#L5-L6)) is not in 1.1.0.
            The [changelog]({OLD_TAG}CHANGELOG.md#L12) and [removed.py]({OLD_TAG}jax/_src/removed.py).
            Older: [then]({OTHER_TAG}jax/_src/a.py#L2).
        """,
        "tests/test_x.py": f'URL = "{OLD_TAG}jax/_src/a.py#L1"\n',
    })
    return tmp_path


def test_links_move_to_the_new_tag_and_the_lines_holding_the_same_code(site):
    move = move_links(site / "project", "1.0.0", "1.1.0", site / "old", site / "new")
    chapter = (site / "project" / "docs" / "chapter.md").read_text()
    assert f"([a.py:4-5]({NEW_TAG}jax/_src/a.py#L4-L5))" in chapter  # the text's line numbers too
    assert f"line [4]({NEW_TAG}jax/_src/a.py#L4) alone" in chapter
    assert f"[a.py]({NEW_TAG}jax/_src/a.py)." in chapter  # no anchor: the tag alone
    assert (site / "project" / "tests" / "test_x.py").read_text() == f'URL = "{NEW_TAG}jax/_src/a.py#L1"\n'
    assert sorted(moved.link.where for moved in move.moved) == \
        ["docs/chapter.md:1", "docs/chapter.md:2", "docs/chapter.md:2", "tests/test_x.py:1"]


def test_a_link_whose_code_vanished_or_whose_file_is_not_in_the_wheel_is_left_and_listed(site):
    move = move_links(site / "project", "1.0.0", "1.1.0", site / "old", site / "new")
    chapter = (site / "project" / "docs" / "chapter.md").read_text()
    left = {item.link.at_tag: (item.link.where, item.reason) for item in move.left}
    assert set(left) == {"jax-v1.0.0/jax/_src/a.py#L5-L6", "jax-v1.0.0/CHANGELOG.md#L12",
                         "jax-v1.0.0/jax/_src/removed.py"}
    assert left["jax-v1.0.0/jax/_src/a.py#L5-L6"] == ("docs/chapter.md:3", "its code is not in the new file "
                                                      "(changed or removed)")
    assert "not in the jax wheel" in left["jax-v1.0.0/CHANGELOG.md#L12"][1]
    assert "not in jax 1.1.0 (removed or renamed)" in left["jax-v1.0.0/jax/_src/removed.py"][1]
    for url in left:
        assert f"https://github.com/jax-ml/jax/blob/{url})" in chapter  # as it was


def test_a_link_at_another_tag_is_neither_moved_nor_listed(site):
    move = move_links(site / "project", "1.0.0", "1.1.0", site / "old", site / "new")
    assert f"[then]({OTHER_TAG}jax/_src/a.py#L2)" in \
        (site / "project" / "docs" / "chapter.md").read_text()
    assert not any("jax-v0.9.0" in item.link.url for item in [*move.moved, *move.left])


def test_a_dry_run_reports_without_writing(site):
    before = (site / "project" / "docs" / "chapter.md").read_text()
    move = move_links(site / "project", "1.0.0", "1.1.0", site / "old", site / "new", write=False)
    assert len(move.moved) == 4 and len(move.left) == 3
    assert (site / "project" / "docs" / "chapter.md").read_text() == before


# --- the pyproject edit ----------------------------------------------------------------------------

PYPROJECT = """\
[project]
dependencies = [
    "jax==1.0.0",
    "jaxlib==1.0.0",
    "mkdocs",
]

[tool.live]
# each older one is the last release before a change the site shows: 0.9.2 before 0.10.0.
jax_pinned = "1.0.0"
jax_compare = ["0.9.2"]  # newest first
jax_previous_pin = "0.9.2"
"""


def test_the_pin_moves_and_the_old_pin_is_compared_first():
    edit = bump(PYPROJECT, "1.1.0")
    assert edit.text == """\
[project]
dependencies = [
    "jax==1.1.0",
    "jaxlib==1.1.0",
    "mkdocs",
]

[tool.live]
# each older one is the last release before a change the site shows: 0.9.2 before 0.10.0.
jax_pinned = "1.1.0"
jax_compare = ["1.0.0", "0.9.2"]  # newest first
jax_previous_pin = "1.0.0"
"""
    assert edit.old == "1.0.0"
    assert edit.reminders == ("pyproject.toml:10: the comment above jax_pinned does not say why jax 1.0.0 is "
                              "compared: name the change the site shows after it, or drop it from jax_compare",)


def test_a_comment_naming_the_previous_pin_gets_a_reminder():
    edit = bump(PYPROJECT.replace("0.9.2 before 0.10.0.", "0.9.2 before 0.10.0, the previous pin."), "1.1.0")
    assert edit.reminders[-1] == "pyproject.toml:10: the comment above jax_pinned names the previous pin: it is jax 1.0.0 now"


def test_jaxlib_may_have_its_own_version():
    assert '"jax==1.1.0.1",\n    "jaxlib==1.1.0",' in bump(PYPROJECT, "1.1.0.1", jaxlib="1.1.0").text


@pytest.mark.parametrize("text, said", [
    (PYPROJECT.replace('"jax==1.0.0",\n', ""), 'expected one "jax==VERSION" dependency, found 0'),
    (PYPROJECT.replace('jax_pinned = "1.0.0"\n', ""), "no jax_pinned"),
    (PYPROJECT, "jax 1.0.0 is pinned already"),
])
def test_a_pyproject_the_edit_cannot_read_is_an_error_saying_what_to_fix(text, said):
    with pytest.raises(PyprojectError, match=said):
        bump(text, "1.0.0" if "already" in said else "1.1.0")


# --- the checklist ---------------------------------------------------------------------------------

CHAPTER = """\
# {title}

## Counting

Some words before the output.
They say what it holds.

<!-- live: {snippet} -->

??? check "Checked on this build's output"

    ```python
    >>> outputs["{snippet}"]
    '1\\n'

    ```

The words after it.

## Next
"""


def git(folder, *arguments):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *arguments], cwd=folder, check=True,
                   capture_output=True)


@pytest.fixture
def bumped(tmp_path):
    """A committed site whose records then change: b.md comes before a.md in the navigation."""
    write_files(tmp_path, {
        "mkdocs.yml": "site_name: tiny\nnav:\n  - Home: index.md\n  - Part:\n      - B: b.md\n      - A: a.md\n",
        "docs/index.md": "# Home\n",
        "docs/a.md": CHAPTER.format(title="A", snippet="a/count.py"),
        "docs/b.md": CHAPTER.format(title="B", snippet="b/count.py"),
        "records/a/count.py.txt": "1\n", "records/b/count.py.txt": "1\n", "records/b/same.py.txt": "1\n",
        "records/orphan.py.txt": "1\n",
    })
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "before the move")
    for name in ("a/count.py", "b/count.py", "orphan.py"):
        (tmp_path / "records" / f"{name}.txt").write_text("2\n")
    (tmp_path / "records" / "new.py.txt").write_text("1\n")
    return tmp_path


def test_the_checklist_lists_changed_records_by_chapter_in_the_navigation_s_order(bumped):
    checklist = make_checklist(bumped, bumped / "records")
    assert list(checklist.by_chapter) == ["docs/b.md", "docs/a.md"]
    shown = checklist.by_chapter["docs/b.md"]
    assert [(item.where, item.record.path, item.record.change) for item in shown] == \
        [("docs/b.md:8", "records/b/count.py.txt", "changed (+1 -1 lines)")]
    assert sorted((record.path, record.change) for record in checklist.unshown) == \
        [("records/new.py.txt", "new"), ("records/orphan.py.txt", "changed (+1 -1 lines)")]


def test_each_directive_comes_with_its_section_and_the_sentences_around_it(bumped):
    text = render(make_checklist(bumped, bumped / "records"), ["docs/a.md:3: jax-v1.0.0/CHANGELOG.md: by hand"])
    assert textwrap.dedent("""\
        == docs/b.md

        docs/b.md:8: <!-- live: b/count.py -->
            record records/b/count.py.txt: changed (+1 -1 lines); git diff HEAD -- records/b/count.py.txt
            in: ## Counting
            before: | Some words before the output.
                    | They say what it holds.
            after: | The words after it.
        """) in text
    assert text.index("== docs/b.md") < text.index("== docs/a.md") < text.index("== records no chapter shows")
    assert text.endswith("== links left for a person to check (1)\ndocs/a.md:3: jax-v1.0.0/CHANGELOG.md: by hand\n")


def test_a_record_compared_with_an_older_commit(bumped):
    git(bumped, "commit", "-qam", "the move, committed")
    assert not make_checklist(bumped, bumped / "records").by_chapter
    assert list(make_checklist(bumped, bumped / "records", since="HEAD~1").by_chapter) == ["docs/b.md", "docs/a.md"]


def test_the_sentences_around_a_directive_skip_code_checks_and_tabs_but_not_headings():
    lines = ["# T", "", "Intro.", "", "```python", "x = 1", "", "```", "", "<!-- live: x.py -->", "",
             '=== "Controls"', "", "## Next", "", "Later."]
    assert surroundings(lines, 10) == ("# T", ["Intro."], [])


# --- the command -----------------------------------------------------------------------------------

def test_the_link_step_and_the_checklist_alone_after_a_pin_moved_by_hand(site, capsys):
    """An author bumped by hand: jax_previous_pin names the old pin. `links` moves and lists;
    `checklist` run afterwards lists what is left, with the records that changed."""
    project = site / "project"
    write_files(project, {"pyproject.toml": '[tool.live]\njax_compare = ["1.0.5", "1.0.0"]\njax_previous_pin = "1.0.0"\n'
                                            'records_dir = "records"\n',
                          "mkdocs.yml": "site_name: tiny\nnav: [chapter.md]\n", "records/x.py.txt": "1\n"})
    git(project, "init", "-q")
    git(project, "add", ".")
    git(project, "commit", "-qm", "before the move")
    sources = ["--to", "1.1.0", "--old-source", str(site / "old"), "--new-source", str(site / "new")]

    assert move_pin.main(["--root", str(project), "checklist", *sources]) == 0
    assert "4 links at jax-v1.0.0 can be moved: run `uv run python hooks/author_commands/move_pin.py links`" in capsys.readouterr().out

    assert move_pin.main(["--root", str(project), "links", *sources]) == 0
    out = capsys.readouterr().out
    assert out.startswith("links: 4 moved from jax-v1.0.0 to jax-v1.1.0, 3 left for a person\n"
                          "  docs/chapter.md:3: jax-v1.0.0/jax/_src/a.py#L5-L6: its code is not in the new file")

    (project / "records" / "x.py.txt").write_text("2\n")
    assert move_pin.main(["--root", str(project), "checklist", *sources]) == 0
    out = capsys.readouterr().out
    assert "== records no chapter shows\nrecords/x.py.txt: changed (+1 -1 lines)\n" in out
    assert "== links left for a person to check (3)\ndocs/chapter.md:3: jax-v1.0.0/jax/_src/a.py#L5-L6" in out
    assert "can be moved" not in out


def test_a_step_that_cannot_run_says_why_in_one_line(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text("[tool.live]\n")
    assert move_pin.main(["--root", str(tmp_path), "links", "--old-source", str(tmp_path)]) == 1
    assert capsys.readouterr().err == ("move_pin: pyproject.toml: [tool.live] has no jax_previous_pin and jax_compare "
                                       "is empty, so the previous pin is unknown; give it with --from VERSION\n")


def test_the_records_step_writes_every_output_as_its_record_and_reports_failed_claims(tmp_path, capsys):
    """`move_pin.py records` is `pytest docs/ --accept-outputs`, the chapters' own conftest and all:
    the record takes the new output, and a claim the new output breaks fails without stopping it."""
    hooks = Path(move_pin.__file__).resolve().parents[1]
    write_files(tmp_path, {
        "pyproject.toml": f'[tool.pytest.ini_options]\npythonpath = ["{hooks}"]\n\n[tool.live]\nrecords_dir = "records"\n',
        "snippets/count.py": "print(2)\n",
        "records/count.py.txt": "1\n",
        "docs/chapter.md": """\
            <!-- live: count.py -->

            ```python
            >>> outputs["count.py"]
            '1\\n'

            ```
        """,
    })
    (tmp_path / "docs" / "conftest.py").write_text((hooks.parent / "docs" / "conftest.py").read_text())
    assert accept_records(tmp_path) == ITEMS_FAILED
    assert (tmp_path / "records" / "count.py.txt").read_text() == "2\n"
