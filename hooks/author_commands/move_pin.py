"""Move the site to a new JAX release: `uv run python hooks/author_commands/move_pin.py all 0.13.0`.

Steps, each also a command of its own (an author who bumped by hand runs the later ones):

    pyproject NEW   pin jax==NEW and jaxlib==NEW (--jaxlib for another), [tool.live] jax_pinned = NEW,
                    the old pin first in jax_compare and as jax_previous_pin; prints what a person
                    still has to write
    (all only)      uv lock, uv sync
    records         pytest docs/ --accept-outputs: every snippet on the new pin, outputs written as records
    links           jax source links at jax-vOLD moved to jax-vNEW, line anchors moved to the same code;
                    prints every link it could not move (OLD: jax_previous_pin, else jax_compare's
                    first; NEW: jax_pinned)
    checklist [C]   every record that differs from commit C's (default HEAD), by chapter in
                    the navigation's order, with the sentences around it, and the links left at jax-vOLD

docs/writing-releases.md, "Moving to a new JAX release", says what to do with what it prints.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if not __package__:  # run as a script: Python put this file's folder on the path, not hooks/ above it
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from author_commands.pin_move.checklist import ChecklistError, make_checklist, render  # noqa: E402
from author_commands.pin_move.commands import PASSED, StepError, accept_records, lock_and_sync  # noqa: E402
from author_commands.pin_move.links import LinkMove, move_links  # noqa: E402
from author_commands.pin_move.pyproject_edit import PyprojectError, bump  # noqa: E402
from author_commands.pin_move.sources import SourceError, installed_tree, old_tree  # noqa: E402
from live_engine.settings import SettingsError, load_settings  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]
BY_HAND = ("docs/writing-releases.md: the table of versions under \"Outputs across JAX versions\" and the [tool.live] "
           "example above it name the pinned and compared versions",
           "XLA links (github.com/openxla/xla/blob/COMMIT/...) and XLA_COMMIT in tests/pinned.py stay at the old "
           "commit: the new one is XLA_COMMIT in jax's third_party/xla/revision.bzl at the new tag")


def main(argv: list[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    started = time.monotonic()
    try:
        arguments.step(arguments)
    except (PyprojectError, StepError, SourceError, SettingsError, ChecklistError) as error:
        print(f"move_pin: {error}", file=sys.stderr)
        return 1
    print(f"({time.monotonic() - started:.0f} s)")
    return 0


def pyproject_step(arguments) -> None:
    path = arguments.root / "pyproject.toml"
    edit = bump(path.read_text(encoding="utf-8"), arguments.new, arguments.jaxlib)
    path.write_text(edit.text, encoding="utf-8")
    print(f"pyproject.toml: jax {edit.old} -> {arguments.new}; jax {edit.old} is the previous pin, first in "
          f"jax_compare")
    for reminder in (*edit.reminders, *BY_HAND):
        print(f"  to write by hand: {reminder}")


def all_steps(arguments) -> None:
    pyproject_step(arguments)
    lock_and_sync(arguments.root)
    records_step(arguments)
    checklist_step(arguments, links_step(arguments))


def records_step(arguments) -> None:
    if accept_records(arguments.root) != PASSED:
        print("The records are written. Some items failed (above): claims about outputs that changed, or "
              "snippets that fail on the new release; the checklist shows where, to fix with the prose.")


def links_step(arguments, write: bool = True) -> LinkMove:
    """Move the links (or, with write=False, find what moving them would do)."""
    settings = load_settings(arguments.root)
    old = arguments.old or _previous_pin(settings)
    new = arguments.new or settings.jax_pinned
    old_source = arguments.old_source or old_tree(settings, old)
    new_source = arguments.new_source or installed_tree(new)
    move = move_links(arguments.root, old, new, old_source, new_source, write=write)
    if write:
        print(f"links: {len(move.moved)} moved from jax-v{old} to jax-v{new}, {len(move.left)} left for a person")
        for left in move.left:
            print(f"  {left.link.where}: {left.link.at_tag}: {left.reason}")
        if any(moved.link.where.startswith("docs/recipes/") for moved in move.moved):
            print("  recipe pages changed: remake their notebooks with `uv run python hooks/author_commands/recipe_notebooks.py` "
                  "(tests/test_recipes.py fails on a stale one)")
    return move


def checklist_step(arguments, move: LinkMove | None = None) -> None:
    settings = load_settings(arguments.root)
    left = []
    if move is None:  # run alone: what the link step would do now
        try:
            move = links_step(arguments, write=False)
        except SourceError as error:
            left.append(f"(links not checked: {error})")
    if move is not None:
        if move.moved:
            left.append(f"{len(move.moved)} links at jax-v{move.old} can be moved: run `uv run python "
                        f"hooks/author_commands/move_pin.py links`")
        left += [f"{item.link.where}: {item.link.at_tag}: {item.reason}" for item in move.left]
    checklist = make_checklist(arguments.root, settings.records_dir or arguments.root / "records", arguments.since)
    print(render(checklist, left))


def _previous_pin(settings) -> str:
    """The release the links name: jax_previous_pin, else the newest compared (the edit puts it first)."""
    if not (settings.jax_previous_pin or settings.jax_compare):
        raise SettingsError("pyproject.toml: [tool.live] has no jax_previous_pin and jax_compare is empty, so the "
                            "previous pin is unknown; give it with --from VERSION")
    return settings.jax_previous_pin or settings.jax_compare[0]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="move_pin.py", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--root", type=lambda path: Path(path).resolve(), default=REPOSITORY,
                        help="the repository (default: the one holding this script)")
    parser.set_defaults(new=None, old=None, old_source=None, new_source=None, since="HEAD")
    steps = parser.add_subparsers(required=True, metavar="STEP")
    for name, step, summary in (("all", all_steps, "every step, from the pyproject edit to the checklist"),
                                ("pyproject", pyproject_step, "the new pin in pyproject.toml only")):
        command = steps.add_parser(name, help=summary)
        command.add_argument("new", metavar="NEW", help="the JAX release to pin, e.g. 0.13.0")
        command.add_argument("--jaxlib", help="jaxlib's version, when it is not NEW's")
        command.set_defaults(step=step)
    steps.add_parser("records", help="run every snippet and write its record").set_defaults(step=records_step)
    links = steps.add_parser("links", help="move the jax source links to the pinned tag")
    links.set_defaults(step=links_step)
    checklist = steps.add_parser("checklist", help="the records that changed, with their chapters' words")
    checklist.set_defaults(step=checklist_step)
    checklist.add_argument("since", nargs="?", default="HEAD", metavar="COMMIT",
                           help="the commit to compare the records with (default HEAD): the one before the move")
    for command in (links, checklist):
        command.add_argument("--from", dest="old", metavar="OLD",
                             help="the release the links name (default: jax_previous_pin, else the first of "
                                  "jax_compare)")
        command.add_argument("--to", dest="new", metavar="NEW", help="the release to move them to "
                             "(default: jax_pinned)")
        command.add_argument("--old-source", type=Path, metavar="DIR", help="a folder holding OLD's jax package "
                             "(default: its matrix environment, else its wheel, installed under the cache)")
        command.add_argument("--new-source", type=Path, metavar="DIR", help="a folder holding NEW's jax package "
                             "(default: the installed one, which must be NEW)")
    return parser


if __name__ == "__main__":
    sys.exit(main())
