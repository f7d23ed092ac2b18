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

from live_engine.runner import Runner
from live_engine.settings import load_settings
from live_engine.snippets import load_snippet
from author_commands.recipe_notebooks import recipe_pages, snippet_of

from test_recipes import ANY_FUNCTION, CHECK, sections

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
    (root / "pyproject.toml").write_text('[tool.live]\ntimeout = 120\n', encoding="utf-8")
    engine = Runner(load_settings(root), use_cache=False)
    jobs = []
    for page in PAGES:
        name = snippet_of(page.read_text(encoding="utf-8"), page.name)
        source = (ROOT / "snippets" / name).read_text(encoding="utf-8")
        for fn, variant_name in PAIRS[page.stem] if page.stem in chosen else ():
            (root / "snippets" / variant_name).write_text(
                variant(source, fn, declaration(page)), encoding="utf-8")
            jobs.append((load_snippet(engine.settings.snippets_dir, variant_name), engine.settings.timeout))
    futures = engine.start(jobs)
    yield futures
    engine.close()
    if os.environ.get("ZOO_TIMES"):  # a file to list each pair's seconds in, to choose pairs by cost
        Path(os.environ["ZOO_TIMES"]).write_text("".join(
            f"{f.result().seconds:6.1f} {name}\n" for name, f in futures.items() if f.done()), encoding="utf-8")


def failures(page: Path, fn: str, name: str, variant_name: str, outcome) -> list[str]:
    """What fails for one pair: its run, or each failing check of 'What to look for' (on the
    output with the variant's file name put back to the snippet's)."""
    where = f"{page.stem} on tests/zoo/{fn}.py"
    if not outcome.ok:
        return [f"{where}: does not run: {outcome.problem}\n{textwrap.indent(outcome.details[-1500:], '    ')}"]
    text, output = page.read_text(encoding="utf-8"), outcome.output.replace(Path(variant_name).stem, Path(name).stem)
    found = []
    for match in CHECK.finditer(sections(text)["What to look for"]):
        if match["title"] != ANY_FUNCTION:
            continue
        code = re.sub(r"^```python\n|^```\n?", "", textwrap.dedent(match["body"]), flags=re.MULTILINE)
        test = doctest.DocTestParser().get_doctest(code, {"outputs": {name: output}}, where, where, 0)
        report: list[str] = []
        failed, _ = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, out=report.append)
        if failed:
            found.append(f"{where}: a check of 'What to look for' fails:\n" + "".join(report)[-2500:]
                         + "\n    its output:\n" + textwrap.indent(output[-2500:], "    | "))
    return found


@pytest.mark.parametrize("page", [page for page in PAGES if PAIRS[page.stem]], ids=lambda page: page.stem)
def test_a_recipe_holds_on_every_zoo_function_it_is_for(page, started):
    name = snippet_of(page.read_text(encoding="utf-8"), page.name)
    problems = []
    for fn, variant_name in PAIRS[page.stem]:
        problems += failures(page, fn, name, variant_name, started[variant_name].result())
    assert problems == [], f"{len(problems)} failure(s):\n" + "\n\n".join(problems)
