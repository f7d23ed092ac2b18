"""Every recipe on the reader functions it is for: tests/zoo/ holds them, each page says which.

A recipe's page declares, in its front matter, the zoo functions it runs on:

    zoo:
      for: [loop]              # traits every function it runs needs (the tags of tests/zoo/*.py); optional
      run: [scan_rnn, while_one_array, fori_traced]
      bind: f = fn              # Python run after the zoo function: the names the code below uses
      replace: |                # optional: the block's own lines are dropped, and these come first
        os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_module_re=^jit_fn$"
      except:                   # functions it cannot hold for, and why (its "Where it differs" says so too)
        callable_object: a callable object has no __name__ to find its dump by

Each zoo file defines `fn` (the reader's function, transformed or not), `args` (a tuple of
its arguments) and `jitted` (how a reader would jit it: donated, static or plain); the
test appends the zoo file and `bind` at the end of the snippet's your-function block, so
the recipe's own set-up above it (XLA_FLAGS, imports, a mesh) stays and the names the code
below reads are the zoo function's. A block whose set-up must change for the function (a
dump flag that names it, read when the backend starts) is replaced by `replace` instead. Every pair runs in one engine (one worker process per
environment, started at once), and each pair's output must pass the page's `??? check
"Checked on this build's output"` blocks, as tests/test_recipes.py runs them on the one
second function. A recipe with `run: []` says why under `why:`.

A recipe whose directive names compile targets (`targets=tpu-v5e,h100`) reads optimized HLO,
memory or layouts, which differ by backend: each of its pairs also runs for each of those
targets, in the target's environment as the build runs them, and the page's `??? check
"Checked on every target's output"` blocks must pass with that function's outputs in
`outputs` (the CPU's) and `target_outputs` (each target's), as they pass on the page's own.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import textwrap
from pathlib import Path

import pytest
import yaml

from live_engine.directives import parse_page
from live_engine.runner import Runner
from live_engine.settings import load_settings
from live_engine.snippets import load_snippet
from live_engine.target_runs import for_target
from live_engine.targets import TARGETS
from author_commands.recipe_notebooks import recipe_pages, snippet_of

from test_recipes import ANY_FUNCTION, CHECK, EVERY_TARGET, sections

ROOT = Path(__file__).resolve().parent.parent
ZOO = Path(__file__).resolve().parent / "zoo"
PAGES = recipe_pages()
START, END = "# --8<-- [start:your-function]", "# --8<-- [end:your-function]"
TAGS = re.compile(r"^# tags: (.+)$", re.MULTILINE)


def zoo_tags() -> dict[str, set[str]]:
    """Zoo function name -> its tags."""
    found = {}
    for path in sorted(ZOO.glob("*.py")):
        tags = TAGS.search(path.read_text(encoding="utf-8"))
        found[path.stem] = {t.strip() for t in tags[1].split(",")} if tags else set()
    return found


def declaration(page: Path) -> dict:
    """The page's `zoo:` front matter key ({} when it has none)."""
    text = page.read_text(encoding="utf-8")
    front = re.match(r"---\n(.*?)\n---\n", text, re.DOTALL)
    return (yaml.safe_load(front[1]) or {}).get("zoo") or {} if front else {}


def variant(source: str, function: str, zoo: dict) -> str:
    """The snippet with the zoo function, then `bind`, at the end of the reader's block
    (or in place of the block's lines, after `replace`, when the page gives one)."""
    assert source.count(END) == 1, "the snippet marks the reader's function with '# --8<-- [end:your-function]'"
    text = (ZOO / f"{function}.py").read_text(encoding="utf-8")
    added = f"# zoo: {function}\n{text}\n{(zoo.get('bind') or '').strip()}\n{END}"
    if "replace" in zoo:
        head, rest = source.split(START, 1)
        return f"{head}{START}\n{zoo['replace']}\n{added}{rest.split(END, 1)[1]}"
    return source.replace(END, added)


def pairs() -> dict[str, list[tuple[str, str]]]:
    """Recipe page stem -> [(zoo function, the variant's snippet name)]."""
    found = {}
    for page in PAGES:
        name = snippet_of(page.read_text(encoding="utf-8"), page.name)
        found[page.stem] = [(fn, f"{name[:-3]}__zoo_{fn}.py") for fn in declaration(page).get("run") or ()]
    return found


PAIRS = pairs()


def targets_of(page: Path) -> tuple[str, ...]:
    """The targets the recipe's own directive compiles for (none for most)."""
    name = snippet_of(page.read_text(encoding="utf-8"), page.name)
    return next((d.targets for d in parse_page(page.read_text(encoding="utf-8"), page.name).directives
                 if d.path == name), ())


def test_every_recipe_declares_its_zoo_functions():
    tags = zoo_tags()
    assert len(tags) >= 30, "tests/zoo/ holds at least 30 reader functions"
    for path in ZOO.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert re.match(r'"""[^\n]+"""\n# tags: ', text), f"tests/zoo/{path.name}: a one-line docstring, then '# tags: ...'"
        assert re.search(r"^fn = |^def fn\(", text, re.MULTILINE) and re.search(r"^args = ", text, re.MULTILINE) \
            and re.search(r"^jitted = ", text, re.MULTILINE), f"tests/zoo/{path.name}: defines fn, args and jitted"
    problems = []
    for page in PAGES:
        zoo, where = declaration(page), f"docs/recipes/{page.name}"
        if not zoo:
            problems.append(f"{where}: no 'zoo:' key in its front matter")
            continue
        run, excepted, needs = zoo.get("run") or [], zoo.get("except") or {}, set(zoo.get("for") or ())
        if not run and not zoo.get("why"):
            problems.append(f"{where}: 'run: []' needs a 'why:'")
        for fn in [*run, *excepted]:
            if fn not in tags:
                problems.append(f"{where}: no tests/zoo/{fn}.py")
            elif fn in run and not needs <= tags[fn]:
                problems.append(f"{where}: {fn} lacks the traits {sorted(needs - tags[fn])} the recipe is for")
        problems += [f"{where}: {fn} is both run and excepted" for fn in set(run) & set(excepted)]
    assert problems == [], "\n".join(problems)


@pytest.fixture(scope="module")
def started(tmp_path_factory, request):
    """Every (recipe, zoo function) pair of the recipes this session runs, started at once in
    one engine: name -> future."""
    chosen = {item.callspec.id for item in request.session.items
              if getattr(item, "originalname", None) == "test_a_recipe_holds_on_every_zoo_function_it_is_for"}
    root = tmp_path_factory.mktemp("zoo")
    shutil.copytree(ROOT / "snippets", root / "snippets", symlinks=True)
    # The project's own settings: the target environments are made from them (jax_extras), and
    # another set would make the shared ones again (versions.py, _made_from_now).
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    engine = Runner(load_settings(root), use_cache=False)
    jobs = []
    for page in PAGES:
        name = snippet_of(page.read_text(encoding="utf-8"), page.name)
        source = (ROOT / "snippets" / name).read_text(encoding="utf-8")
        for fn, variant_name in PAIRS[page.stem] if page.stem in chosen else ():
            (root / "snippets" / variant_name).write_text(
                variant(source, fn, declaration(page)), encoding="utf-8")
            jobs.append((load_snippet(engine.settings.snippets_dir, variant_name), engine.settings.timeout))
    futures = {("cpu", name): future for name, future in engine.start(jobs).items()}
    # Each target's pairs, after the CPU's are queued: its environment is made (or found) first,
    # and its worker pool runs beside the CPU's.
    targets_for = {variant_name: targets_of(page) for page in PAGES if page.stem in chosen
                   for _, variant_name in PAIRS[page.stem]}
    by_target = {target: [(for_target(snippet, target), timeout) for snippet, timeout in jobs
                          if target in targets_for[snippet.name]] for target in TARGETS}
    for key in sorted({TARGETS[target].environment for target, listed in by_target.items() if listed}):
        env = engine.environment(key)
        for target in (t for t, listed in by_target.items() if listed and TARGETS[t].environment == key):
            futures |= {(target, name): future for name, future in engine.start(by_target[target], env).items()}
    yield futures
    engine.close()
    if os.environ.get("ZOO_TIMES"):  # a file to list each pair's seconds in, to choose pairs by cost
        Path(os.environ["ZOO_TIMES"]).write_text("".join(
            f"{f.result().seconds:6.1f} {target} {name}\n" for (target, name), f in futures.items() if f.done()),
            encoding="utf-8")


def failures(page: Path, fn: str, name: str, variant_name: str, outcomes: dict) -> list[str]:
    """What fails for one pair: its run on the CPU or a target, or each failing check of 'What to
    look for' (on the outputs with the variant's file name put back to the snippet's): the
    CPU's checks on its output, the every-target checks on every output."""
    where = f"{page.stem} on tests/zoo/{fn}.py"
    broken = [f"{where}{'' if target == 'cpu' else f' for {target}'}: does not run: {outcome.problem}\n"
              f"{textwrap.indent(outcome.details[-1500:], '    ')}" for target, outcome in outcomes.items() if not outcome.ok]
    if broken:
        return broken
    shown = {target: outcome.output.replace(Path(variant_name).stem, Path(name).stem) for target, outcome in outcomes.items()}
    namespace = {"outputs": {name: shown["cpu"]},
                 "target_outputs": {target: {name: output} for target, output in shown.items() if target != "cpu"}}
    found = []
    for match in CHECK.finditer(sections(page.read_text(encoding="utf-8"))["What to look for"]):
        if match["title"] not in (ANY_FUNCTION, EVERY_TARGET):
            continue
        code = re.sub(r"^```python\n|^```\n?", "", textwrap.dedent(match["body"]), flags=re.MULTILINE)
        test = doctest.DocTestParser().get_doctest(code, dict(namespace), where, where, 0)
        report: list[str] = []
        failed, _ = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, out=report.append)
        if failed:
            found.append(f"{where}: a check of 'What to look for' ({match['title']}) fails:\n" + "".join(report)[-2500:]
                         + "".join(f"\n    its output for {target}:\n" + textwrap.indent(output[-2000:], "    | ")
                                   for target, output in shown.items()))
    return found


@pytest.mark.parametrize("page", [page for page in PAGES if PAIRS[page.stem]], ids=lambda page: page.stem)
def test_a_recipe_holds_on_every_zoo_function_it_is_for(page, started):
    name = snippet_of(page.read_text(encoding="utf-8"), page.name)
    problems = []
    for fn, variant_name in PAIRS[page.stem]:
        outcomes = {target: started[target, variant_name].result() for target in ("cpu", *targets_of(page))}
        problems += failures(page, fn, name, variant_name, outcomes)
    assert problems == [], f"{len(problems)} failure(s):\n" + "\n\n".join(problems)
