"""The version matrix on the page: what older JAX releases print for the same snippets.

After a build has run every snippet on the pinned JAX, `run_matrix` runs the ones
that succeeded on each older version named in `[tool.live] jax_compare` (when the
build asks for them: LIVE_VERSIONS=all, or `versions = "all"`), one version after
another, each in its own environment (versions.py) with the same workers, isolation,
normalizing and cache as the pinned one. A snippet that fails on an older version is
no build failure: what that version said is its output there. One that times out
there (or whose worker fails) gave no answer: the page and the changes page say it
was not compared, and the build warns, so that a strict build stops rather than
publish the gap. Only snippets a page shows are compared (not output=hide ones).

render.py shows the result with a directive's output (its version tabs), from
`groups` (agreement.py). `changes_page` writes the "What changed between versions"
page: every snippet whose output differs, by chapter, with its diffs.
"""

from __future__ import annotations

import re
import textwrap

from .agreement import groups, reason, same_text, versions_text
from .build import jobs, plan
from .compare import diff_fence, unified_diff
from .directives import parse_page
from .progress import Log
from .runner import Outcome, Runner
from .snippets import Snippet
from .versions import PINNED_ALONE, VersionEnvError, pinned_env, version_folder

Matrix = dict[str, dict[str, Outcome]]  # older version -> snippet -> its outcome on that version


def run_matrix(pages: dict[str, str], runner: Runner, outcomes: dict[str, Outcome],
               log: Log | None = None, snippets: dict[str, Snippet] | None = None) -> Matrix:
    """Run, on each older version the settings ask for, every snippet of `pages` that succeeded
    on the pinned version (`outcomes`); an empty dict when they ask for none.

    `snippets` are the ones the pinned build read: the older versions run the same bytes,
    not a file saved since, whose output on the pinned version nobody has seen."""
    versions = runner.settings.run_versions
    if not versions:
        return {}
    directives, read_now, _ = plan(pages, runner)
    snippets = read_now | (snippets or {})
    shown = {name for directive in directives if directive.output == "show" for name in directive.paths}
    todo = [(snippet, timeout) for snippet, timeout in jobs(directives, snippets, runner.settings.timeout)
            if snippet.name in shown and snippet.name in outcomes and outcomes[snippet.name].ok]
    matrix: Matrix = {}
    for version in versions:
        try:
            env = runner.environment(version, log)
            cache = runner.cache_for(env)
            if cache is not None:  # None for a runner without a cache (use_cache=False)
                cache.used.clear()  # from here on it collects the entries this build uses
            matrix[version] = runner.run_all(todo, log, env)
        finally:
            runner.close_version(version)  # one older JAX in memory at a time
        _check_answered(version, matrix[version], runner)
    return matrix


def _check_answered(version: str, outcomes: dict[str, Outcome], runner: Runner) -> None:
    """Stop when a version answered for none of several snippets: its environment, not the
    snippets, is what failed (a worker that cannot import JAX there), and a warning per
    snippet advising another build would say nothing useful hundreds of times."""
    if len(outcomes) < 2 or any(outcome.ok for outcome in outcomes.values()):
        return
    first = next(iter(outcomes.values())).problem.splitlines()[0]
    raise VersionEnvError(f"jax {version} gave no answer for any of its {len(outcomes)} snippets (the first: "
                          f"{first}); its environment at {version_folder(runner.settings, version) / 'env'} may "
                          f"be broken: delete that folder to have it made again, or {PINNED_ALONE}")


def summary(matrix: Matrix, pinned: dict[str, Outcome]) -> str:
    """One line per older version for the build's log: what ran, what differs, what failed,
    and what gave no answer at all (those are named: the build warns of each, see `unfinished`)."""
    lines = []
    for version, outcomes in matrix.items():
        ran = sum(not outcome.cached for outcome in outcomes.values())
        answered = {name: outcome for name, outcome in outcomes.items() if outcome.ok}
        differ = [name for name, outcome in answered.items() if not same_text(outcome.output, pinned[name].output)]
        failed = sum(outcome.failed_on is not None for outcome in answered.values())
        line = (f"jax {version}: {len(outcomes)} snippets, {ran} ran, {len(outcomes) - ran} from the cache; "
                f"{len(differ)} print otherwise than jax {pinned_env().version}, {failed} of them fail")
        if len(answered) < len(outcomes):
            line += f"; {len(outcomes) - len(answered)} did not finish"
        lines.append(line)
    return "\n".join(lines)


def unfinished(matrix: Matrix) -> list[str]:
    """One line per snippet an older version gave no answer for (it timed out, or its worker
    failed): no output to compare, which the build must say rather than leave out quietly."""
    return [f"jax {version}: {outcome.problem.splitlines()[0]} (not compared; the next build runs it again; "
            f"a snippet that hangs there every time can take timeout= on its directive)"
            for version, outcomes in matrix.items() for outcome in outcomes.values() if not outcome.ok]


def changes_page(pages: dict[str, str], outcomes: dict[str, Outcome], matrix: Matrix, titles: dict[str, str],
                 previous: str = "") -> str:
    """The Markdown of "What changed between versions": first, when `previous` (the pin
    before this one) ran, what changed since it, for readers upgrading; then a table of the
    chapters whose snippets print something else on an older version, then each such
    snippet under its own heading, with each version's diff to the pinned one (or its error)
    folded, its summary line saying how much changed: hundreds of diffs, open one at a time."""
    pinned = pinned_env().version
    text = ["# What changed between versions", ""]
    if not matrix:
        text += [f"This build ran every snippet on jax {pinned} alone. The published site runs each one on the "
                 f"older versions named in `[tool.live] jax_compare` too, and lists here every output that "
                 f"differs; build it so with `LIVE_VERSIONS=all uv run mkdocs build`.", ""]
        return "\n".join(text)
    versions = list(matrix)
    text += [f"Every snippet on this site ran on jax {pinned} (the pinned version) and on "
             f"jax {versions_text(versions)}. These are the outputs that differ, chapter by chapter. Each "
             f"snippet's diffs are folded: the line on each says how many lines the older version prints that "
             f"{pinned} does not (`-`) and how many are new in {pinned} (`+`); open it for the unified diff. A "
             f"snippet that cannot run on an older version shows what that version says instead. Read it "
             f"before upgrading.", ""]
    listed, chapters = set(), []
    for page, markdown in pages.items():
        names = []
        for directive in parse_page(markdown, page).directives:
            if directive.output != "show":
                continue
            for name in directive.paths:  # compare= shows two snippets
                if name in listed or name not in outcomes or not outcomes[name].ok:
                    continue
                if any(name in matrix[version] and matrix[version][name].ok
                       and not same_text(matrix[version][name].output, outcomes[name].output) for version in versions):
                    names.append(name)
                    listed.add(name)
        if names:
            chapters.append((page, names))
    missing = [(version, name, outcome) for version in versions for name, outcome in matrix[version].items()
               if not outcome.ok]
    if missing:  # said first, so that no reader takes a snippet left out for one that prints the same
        text += ['!!! warning "Not compared in this build"', "",
                 "    These older versions gave no output for these snippets in this build, so they are "
                 "missing below; the next build runs them again.", ""]
        text += [f"    - `snippets/{name}` on jax {version}: `{reason(outcome.problem)}`"
                 for version, name, outcome in missing]
        text.append("")
    if not listed:
        text += [f"No {'other ' * bool(missing)}output differs: every snippet {'compared ' * bool(missing)}"
                 f"prints the same on every version.", ""]
        return "\n".join(text)
    if previous in matrix:
        text += _upgrading_from(previous, chapters, outcomes, matrix[previous], titles)
    text += ["## Every version, chapter by chapter", "",
             "| Chapter | Snippets that differ |", "|---|---:|"]
    text += [f"| [{titles.get(page, page)}]({page.removeprefix('docs/')}) | {len(names)} |" for page, names in chapters]
    text.append("")
    for page, names in chapters:
        chapter = page.removeprefix("docs/")
        text += [f"### {titles.get(page, chapter)}", "", f"In [{titles.get(page, chapter)}]({chapter}):", ""]
        for name in names:
            text += [f"#### `snippets/{name}` {{#{_anchor(name)}}}", ""]
            same, differing = groups(outcomes[name].output, [(v, matrix[v][name]) for v in versions
                                                             if name in matrix[v]])
            for group, outcome in differing:
                label = f"jax {versions_text(group)}"
                if outcome.failed_on is not None:
                    body = _plain_fence(outcome.output)
                    title = f"{label} cannot run it; {'it says' if len(group) == 1 else 'they say'}"
                    kind = "failure"
                else:
                    body = diff_fence(outcome.output, outcomes[name].output, f"jax {group[0]}", f"jax {pinned}")
                    gone, new = _changed_lines(outcome.output, outcomes[name].output)
                    title = f"{label}: {gone} line{'s' * (gone != 1)} gone, {new} new in {pinned}"
                    kind = "abstract"
                text += [f'??? {kind} "{title}"', "", textwrap.indent(body, "    ", lambda line: True), ""]
            if same:
                text += [f"jax {versions_text(same)} print{'s' * (len(same) == 1)} what jax {pinned} prints.", ""]
    return "\n".join(text)


def _upgrading_from(previous: str, chapters: list[tuple[str, list[str]]], outcomes: dict[str, Outcome],
                    on_previous: dict[str, Outcome], titles: dict[str, str]) -> list[str]:
    """The changes page's lead: each output the pinned JAX prints otherwise than the pin before
    it, one row each, linked to its diffs below: what a reader upgrading from it meets first."""
    pinned = pinned_env().version
    rows = []
    for page, names in chapters:
        for name in names:
            old = on_previous.get(name)
            if old is None or (old.ok and same_text(old.output, outcomes[name].output)):
                continue
            if old.failed_on is not None:
                change = f"runs on {pinned}; failed on {previous}"
            elif not old.ok:
                continue  # no answer from the previous pin in this build: the warning above names it
            else:
                gone, new = _changed_lines(old.output, outcomes[name].output)
                change = f"{gone} line{'s' * (gone != 1)} gone, {new} new"
            title = titles.get(page, page.removeprefix("docs/"))
            rows.append(f"| [{title}]({page.removeprefix('docs/')}) | [`snippets/{name}`](#{_anchor(name)}) | {change} |")
    text = [f"## Upgrading from jax {previous}", "",
            f"jax {previous} was this site's pin before jax {pinned}. "]
    if not rows:
        return text[:2] + [text[2] + f"Every output compared prints the same on both.", ""]
    text[2] += (f"{len(rows)} output{'s' * (len(rows) != 1)} differ between the two: read these first when you "
                f"upgrade. Each links to its diffs below.")
    return text + ["", "| Chapter | Snippet | What changed |", "|---|---|---|", *rows, ""]


def _anchor(name: str) -> str:
    """The id of a snippet's heading on the changes page: stable, whatever the heading's slug."""
    return "changed-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _changed_lines(old: str, new: str) -> tuple[int, int]:
    """How many lines of the diff are gone (`-`) and new (`+`), headers aside."""
    lines = unified_diff(old, new, ("old", "new")).split("\n")[2:]  # after the --- and +++ lines
    return sum(line.startswith("-") for line in lines), sum(line.startswith("+") for line in lines)


def _plain_fence(body: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}text\n{body.rstrip(chr(10))}\n{ticks}"


def prune(runner: Runner, matrix: Matrix) -> int:
    """After a whole build with the matrix: remove each older version's cache entries no page used."""
    removed = 0
    for version in matrix:
        cache = runner.version_caches.get(version)
        if cache is not None:
            removed += cache.prune(cache.used)
    return removed

