"""Running the snippets whose directives name compile targets, once per target.

After a build has run every snippet for the CPU, `run_targets` runs each snippet a
directive shows with `targets=...` again for each target it names, in that target's
environment (targets.py, versions.py), with LIVE_TARGET and the environment's variables
added to the snippet's own. The targets of one environment run at once on its workers;
one environment after another, so that at most one holds its plugin in memory.

Unlike an older JAX (matrix.py), a target is part of what the page promises: a snippet
that fails on a target is a build failure, shown in that target's tab.
"""

from __future__ import annotations

import dataclasses
import html
import os
import threading
from concurrent.futures import as_completed
from contextlib import nullcontext

from .build import jobs, plan
from .cache import CACHED_ONLY_VARIABLE
from .directives import Directive, parse_page
from .progress import Log, progress
from .records import record_path
from .render import Note, OnTarget
from .runner import Outcome, Runner
from .settings import Settings
from .snippets import Snippet
from .targets import TARGETS, run_variables, wanted_targets
from .versions import VersionEnvError, ensure_env, existing_env


@dataclasses.dataclass
class TargetOutcomes:
    """What a build's target runs gave."""

    outcomes: dict[str, dict[str, Outcome]] = dataclasses.field(default_factory=dict)  # target -> snippet -> outcome
    ran: dict[str, str] = dataclasses.field(default_factory=dict)  # snippet -> digest of the bytes that ran
    unavailable: str = ""  # under serve: why a target environment could not be made (the tabs show records)

    def __bool__(self) -> bool:
        return bool(self.outcomes)


def for_target(snippet: Snippet, target: str) -> Snippet:
    """The snippet as a run for `target` sees it: the same bytes, the target's variables added."""
    return dataclasses.replace(snippet, env=snippet.env + run_variables(target))


def target_jobs(pages: dict[str, str], runner: Runner, outcomes: dict[str, Outcome],
                snippets: dict[str, Snippet]) -> dict[str, list[tuple[Snippet, float]]]:
    """target -> the (snippet, timeout) pairs to run for it: every snippet a page shows with
    targets= naming it, that ran for the CPU without failing (a CPU failure is reported already)."""
    # Only the pages that name a target, and only the snippets the CPU's plan did not read already
    # (reading one parses it and every module it imports): this runs at every build and rebuild.
    directives, snippets, _ = plan({page: text for page, text in pages.items() if "targets=" in text}, runner,
                                   loaded=snippets)
    wanted = wanted_targets()
    todo: dict[str, list[tuple[Snippet, float]]] = {}
    timeouts = dict((snippet.name, timeout) for snippet, timeout in jobs(directives, snippets, runner.settings.timeout))
    for directive in directives:
        if directive.path not in outcomes or not outcomes[directive.path].ok:
            continue
        for target in directive.targets:
            if wanted is not None and target not in wanted:
                continue
            listed = todo.setdefault(target, [])
            if all(snippet.name != directive.path for snippet, _ in listed):
                listed.append((for_target(snippets[directive.path], target), timeouts[directive.path]))
    return todo


def target_directives(pages: dict[str, str]) -> list[Directive]:
    """Every directive that names compile targets, in page order (pages without `targets=` are
    not parsed: this runs at every build, serve's rebuilds included)."""
    return [directive for page, text in pages.items() if "targets=" in text
            for directive in parse_page(text, page).directives if directive.targets]


def make_environments_early(pages: dict[str, str], settings: Settings, log: Log | None = None) -> list[threading.Thread]:
    """Start making, each in a thread of its own, the target environments this build will need
    and does not have yet; the started threads.

    Called as a build starts: uv makes an environment (about a minute each, mostly unpacking
    and compiling bytecode) while the CPU's snippets run, instead of after them, where a fresh
    clone's first build would wait for it with the snippets done. A failure here is left for
    run_targets, which makes the environment again and reports why it cannot."""
    if os.environ.get(CACHED_ONLY_VARIABLE):
        return []  # the published site's last job runs nothing: each results folder names its environment
    wanted = wanted_targets()
    named = {target for directive in target_directives(pages) for target in directive.targets
             if wanted is None or target in wanted}
    threads = []
    for key in sorted({TARGETS[target].environment for target in named}):
        making = _EARLY.get(key)
        if (making is None or not making.is_alive()) and existing_env(settings, key) is None:
            _EARLY[key] = threading.Thread(target=_make_quietly, args=(settings, key, log), daemon=True,
                                           name=f"making target-{key}")
            _EARLY[key].start()
            threads.append(_EARLY[key])
    return threads


_EARLY: dict[str, threading.Thread] = {}  # environment key -> the thread making it early, in this process


def _make_quietly(settings: Settings, key: str, log: Log | None) -> None:
    try:
        ensure_env(settings, key, log)  # under its lock: run_targets, if it comes first, waits for it
    except VersionEnvError:
        pass  # run_targets tries again and says why, where the build reports it


def run_targets(pages: dict[str, str], runner: Runner, outcomes: dict[str, Outcome], log: Log | None = None,
                snippets: dict[str, Snippet] | None = None) -> TargetOutcomes:
    """Each target's outcomes for the snippets that name it (an empty dict when none do)."""
    todo = target_jobs(pages, runner, outcomes, snippets or {})
    results = TargetOutcomes()
    results.ran = {snippet.name: snippet.digest for listed in todo.values() for snippet, _ in listed}
    by_environment: dict[str, list[str]] = {}
    for target in todo:
        by_environment.setdefault(TARGETS[target].environment, []).append(target)
    for key, targets in by_environment.items():
        making = _EARLY.pop(key, None)
        if making is not None:
            making.join()  # our own early start (make_environments_early), not another build to wait for
        try:
            env = runner.environment(key, log)
            cache = runner.cache_for(env)
            if cache is not None:
                cache.used.clear()  # from here on it collects the entries this build uses
            started = {target: runner.start(todo[target], env) for target in targets}
            running = [future for futures in started.values() for future in futures.values()
                       if not (future.done() and future.result().cached)]
            reporter = progress(f"snippets for {', '.join(targets)}", len(running), log)
            with reporter or nullcontext():
                for _ in as_completed(running):
                    if reporter:
                        reporter.step()
            for target in targets:
                results.outcomes[target] = {name: future.result() for name, future in started[target].items()}
        finally:
            runner.close_version(key)
    return results


def with_target_outputs(outputs: dict[str, str], pages: dict[str, str], snippets: dict[str, Snippet],
                        results: TargetOutcomes, settings: Settings) -> dict[str, str]:
    """Each snippet's CPU output followed by what each of its target tabs shows: the text whose
    error lines the error index (error_index.py) must list, since the tabs show them too. A tab
    shows this build's output, or the committed record where the build did not compile for that
    target (LIVE_TARGETS=cpu, as the published build's CPU job runs): the record's errors are on
    the page all the same."""
    joined = dict(outputs)
    seen: set[tuple[str, str]] = set()
    for directive in target_directives(pages):
        if directive.path not in joined or directive.path not in snippets:
            continue
        for shown in views(directive, snippets[directive.path], results, settings):
            if shown.output is not None and not shown.failed and (directive.path, shown.target) not in seen:
                seen.add((directive.path, shown.target))
                joined[directive.path] += "\n" + shown.output
    return joined


def summary(results: TargetOutcomes) -> str:
    """One line per target for the build's log: how many snippets, how many ran, how many failed."""
    lines = []
    for target, outcomes in results.outcomes.items():
        ran = sum(not outcome.cached for outcome in outcomes.values())
        failed = sum(not outcome.ok or outcome.failed_on is not None for outcome in outcomes.values())
        lines.append(f"{target}: {len(outcomes)} snippets, {ran} ran, {len(outcomes) - ran} from the cache"
                     + (f", {failed} failed" if failed else ""))
    return "\n".join(lines)


def problems(results: TargetOutcomes, where: dict[str, str]) -> list[str]:
    """One line per snippet that failed on a target, at the directive that asked for it
    (`where`: snippet -> docs/PAGE.md:LINE); a strict build stops on them."""
    lines = []
    for target, outcomes in results.outcomes.items():
        for name, outcome in outcomes.items():
            if outcome.failed_on is not None or not outcome.ok:
                said = (outcome.problem or outcome.output or "").strip().splitlines()
                lines.append(f"{where.get(name, 'docs/?')}: snippets/{name} fails when compiled for {target} "
                             f"({TARGETS[target].label}): {said[-1] if said else 'no output'}")
    return lines


def prune(runner: Runner, results: TargetOutcomes) -> int:
    """After a whole build: remove each target environment's cache entries no page used."""
    removed = 0
    for key in {TARGETS[target].environment for target in results.outcomes}:
        cache = runner.version_caches.get(key)
        if cache is not None:
            removed += cache.prune(cache.used)
    return removed


def views(directive: Directive, snippet: Snippet, results: TargetOutcomes, settings: Settings) -> list[OnTarget]:
    """What each target's tab of `directive` shows: this build's output for these bytes, else the
    committed record with a note saying so (a first serve runs the targets after the CPU's
    snippets; LIVE_TARGETS=cpu runs none), else a note that there is nothing to show yet."""
    shown = []
    for target in directive.targets:
        outcome = results.outcomes.get(target, {}).get(directive.path)
        ran = outcome is not None and results.ran.get(snippet.name) == snippet.digest
        if ran and outcome.ok and outcome.failed_on is None:
            shown.append(OnTarget(target, outcome.output))
        elif ran:
            said = outcome.output if outcome.ok else f"{outcome.problem}\n{outcome.details}"
            shown.append(OnTarget(target, said, failed=True))
        else:
            shown.append(_from_record(directive, target, settings, results.unavailable))
    return shown


def _from_record(directive: Directive, target: str, settings: Settings, unavailable: str = "") -> OnTarget:
    wanted = wanted_targets()
    if unavailable:
        why = f"its compiler could not be set up on this machine ({html.escape(unavailable.replace('`', ''))})"
    elif wanted == ():
        why = "this build ran the CPU alone (LIVE_TARGETS)"
    elif wanted is not None and target not in wanted:
        why = "this build left this target out (LIVE_TARGETS)"
    else:
        why = "it has not been compiled for it on this machine yet"
    path = record_path(settings, directive.path, target)
    record = path.read_text(encoding="utf-8") if path is not None and path.is_file() else None
    label = TARGETS[target].label
    if record is None:
        return OnTarget(target, None, Note(before=f"<p class=\"live-pending\">No output for {label}: {why}, "
                                                  f"and there is no record of it.</p>"))
    return OnTarget(target, record, Note(before=f"<p class=\"live-pending\">Shown from its record "
                                                f"<code>{path.relative_to(settings.root)}</code>: {why}.</p>"))
