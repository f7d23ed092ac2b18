"""The recipes: each page has the parts a reader counts on, its advice holds on a second
function, and its committed notebook is the one its page and snippet make now.

A recipe's snippet holds the reader's function between `# --8<-- [start:your-function]`
and `# --8<-- [end:your-function]`; everything after it must work for any function. So
`tests/recipe_functions/NAME.py` holds a second function, in another size class, dtype or
shape, and the test puts it in place of the first, runs the result through the engine
(normalized as on the page), and runs the page's `??? check "Checked on this build's
output"` blocks on that output. Checks titled otherwise ("Checked for this example") hold
for the page's own function alone and are not run again. When the second function fails
a check, the recipe's advice is wrong, not the function: change the advice.
"""

from __future__ import annotations

import doctest
import re
import shutil
import textwrap
from pathlib import Path

import pytest

from live_engine.runner import Runner
from live_engine.settings import load_settings
from live_engine.snippets import load_snippet
from page_extras.recipe_links import with_notebook_links
from author_commands.recipe_notebooks import notebook_path, notebook_text, recipe_pages, snippet_of

ROOT = Path(__file__).resolve().parent.parent
SECOND = Path(__file__).resolve().parent / "recipe_functions"
PAGES = recipe_pages()
ANY_FUNCTION = "Checked on this build's output"
# A recipe compiled for targets (`targets=` on its directive) reads output that differs by backend:
# this block's checks read `outputs` and `target_outputs` and must hold on every one of them, on the
# page's own function and on each zoo function (tests/test_recipe_zoo.py).
EVERY_TARGET = "Checked on every target's output"
CHECK = re.compile(r'^\?\?\? check "(?P<title>[^"]+)"\n\n(?P<body>(?:    .*\n|\n)+)', re.MULTILINE)
THREAD = re.compile(r"https://github\.com/(?:jax-ml/jax|google/jax|openxla/xla|openxla/stablehlo)/"
                    r"(?:issues|discussions|pull)/\d+")
FUNCTION = re.compile(r"# --8<-- \[start:your-function\]\n.*?(?=# --8<-- \[end:your-function\])", re.DOTALL)


def text_of(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def sections(text: str) -> dict[str, str]:
    """`## ` heading -> its text, up to the next one."""
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2])}


def test_there_are_recipes():
    assert PAGES, "docs/recipes/ holds no recipe page"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_a_recipe_has_the_parts_a_reader_counts_on(page):
    text, where = text_of(page), f"docs/recipes/{page.name}"
    title = re.search(r"^# (.+)$", text, re.MULTILINE)
    assert title and title.group(1).rstrip().endswith("?"), f"{where}: the title is the reader's question, ending in '?'"
    assert re.match(r"---\nsearch:\n  boost: \d", text), f"{where}: front matter with a search boost comes first"
    threads = set(THREAD.findall(text.split("-->", 1)[0] if "<!-- threads" in text else ""))
    assert 1 <= len(threads) <= 3, f"{where}: a '<!-- threads: ... -->' comment lists one to three tracker threads"
    found = sections(text)
    for heading in ("What to look for", "Where it differs", "Why"):
        assert heading in found, f"{where}: no '## {heading}' section"
    bullets = re.findall(r"^- ", found["What to look for"], re.MULTILINE)
    assert 1 <= len(bullets) <= 5, f"{where}: 'What to look for' has {len(bullets)} bullets; one to five"
    assert any(match["title"] == ANY_FUNCTION for match in CHECK.finditer(found["What to look for"])), \
        f"{where}: 'What to look for' needs a ??? check \"{ANY_FUNCTION}\" that asserts its bullets"
    if " targets=" in text.split("<!-- live:", 1)[1].split("-->", 1)[0]:
        assert any(match["title"] == EVERY_TARGET for match in CHECK.finditer(found["What to look for"])), \
            f"{where}: its snippet is compiled for targets, so 'What to look for' needs a ??? check " \
            f"\"{EVERY_TARGET}\" whose checks hold on outputs and target_outputs alike"
    assert re.search(r"\]\(\.\./[\w-]+\.md#[\w-]+\)", found["Why"]), f"{where}: 'Why' links a chapter's section"
    intro = text[title.end():text.index("<!-- live:")]
    sentences = re.findall(r"[.!?](?:\s|$)", re.sub(r"<!--.*?-->", "", intro, flags=re.DOTALL))
    assert 2 <= len(sentences) <= 8, f"{where}: the answer comes first, in a few sentences (found {len(sentences)})"


def second_variant(snippet: Path, second: Path) -> str:
    """The snippet's source with the second function in place of the reader's."""
    source = snippet.read_text(encoding="utf-8")
    replaced, count = FUNCTION.subn(lambda _: "# --8<-- [start:your-function]\n" + second.read_text(encoding="utf-8"),
                                    source)
    assert count == 1, f"snippets/{snippet.relative_to(ROOT / 'snippets')}: mark the reader's function with " \
                       f"'# --8<-- [start:your-function]' ... '# --8<-- [end:your-function]'"
    return replaced


@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    """The engine, on a copy of the snippets folder where each recipe runs with its second function."""
    root = tmp_path_factory.mktemp("second")
    shutil.copytree(ROOT / "snippets", root / "snippets", symlinks=True)
    (root / "pyproject.toml").write_text('[tool.live]\ntimeout = 120\n', encoding="utf-8")
    for page in PAGES:
        name = snippet_of(text_of(page), page.name)
        second = SECOND / Path(name).name
        if second.is_file():
            (root / "snippets" / name).write_text(second_variant(ROOT / "snippets" / name, second), encoding="utf-8")
    engine = Runner(load_settings(root), use_cache=False)
    yield engine
    engine.close()


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_the_advice_holds_on_a_second_function(page, runner):
    text, where = text_of(page), f"docs/recipes/{page.name}"
    name = snippet_of(text, where)
    second = SECOND / Path(name).name
    assert second.is_file(), f"{where}: no second function; write tests/recipe_functions/{Path(name).name}"
    outcome = runner.run(load_snippet(runner.settings.snippets_dir, name), runner.settings.timeout)
    assert outcome.ok, f"{where}: with tests/recipe_functions/{second.name}: {outcome.problem}\n{outcome.details}"
    checks = [match for match in CHECK.finditer(sections(text)["What to look for"]) if match["title"] == ANY_FUNCTION]
    for match in checks:
        code = textwrap.dedent(match["body"])
        code = re.sub(r"^```python\n|^```\n?", "", code, flags=re.MULTILINE)
        test = doctest.DocTestParser().get_doctest(code, {"outputs": {name: outcome.output}}, where, where, 0)
        report: list[str] = []
        failed, _ = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, out=report.append)
        assert failed == 0, (f"{where}: a check of 'What to look for' fails on the second function "
                             f"(tests/recipe_functions/{second.name}); the advice is wrong:\n"
                             + "".join(report) + "\nits output:\n" + outcome.output)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_the_committed_notebook_is_the_one_the_page_and_snippet_make(page):
    committed = notebook_path(page)
    assert committed.is_file() and committed.read_text(encoding="utf-8") == notebook_text(page), \
        f"{committed.relative_to(ROOT)} is missing or stale; run `uv run python hooks/author_commands/recipe_notebooks.py` and commit it"


def test_every_committed_notebook_has_its_recipe():
    made = {notebook_path(page) for page in PAGES}
    orphans = [path.name for path in (ROOT / "docs" / "recipes" / "notebooks").glob("*.ipynb") if path not in made]
    assert orphans == [], "notebooks whose recipe page is gone; delete them"


def test_a_recipe_page_links_its_notebook_and_colab_from_the_repository():
    markdown = "# Why?\n\nText.\n"
    shown = with_notebook_links(markdown, "recipes/why.md", "https://github.com/owner/site", "edit/main/docs/")
    assert "[Download the notebook](notebooks/why.ipynb)" in shown
    assert ("[Open in Colab](https://colab.research.google.com/github/owner/site/blob/main/"
            "docs/recipes/notebooks/why.ipynb)") in shown
    assert shown.startswith("# Why?\n") and shown.endswith("Text.\n")
    local = with_notebook_links(markdown, "recipes/why.md", "https://example.invalid/site", "edit/main/docs/")
    assert "upload the notebook" in local  # Colab opens notebooks from GitHub alone
    assert with_notebook_links(markdown, "basics.md", "https://github.com/o/s", "edit/main/docs/") == markdown
    assert with_notebook_links(markdown, "recipes/index.md", "https://github.com/o/s", "edit/main/docs/") == markdown


def test_a_notebook_holds_the_answer_and_the_code_and_nothing_below_the_snippet():
    from author_commands.recipe_notebooks import notebook

    page = ("---\nsearch:\n  boost: 3\n---\n\n# Q?\n\n<!-- threads: x -->\n\nThe answer.\n\n"
            "<!-- live: recipes/q.py -->\n\nBelow the snippet.\n")
    source = "import jax\n\n# --8<-- [start:your-function]\ndef f(x):\n    return x\n# --8<-- [end:your-function]\nrest(f)\n"
    cells = notebook(page, source, "docs/recipes/q.md")["cells"]
    intro = "".join(cells[0]["source"])
    assert intro.startswith("# Q?\n\nThe answer.\n") and "Below" not in intro and "threads" not in intro
    assert [cell["cell_type"] for cell in cells] == ["markdown", "code", "code"]
    assert "".join(cells[1]["source"]) == "import jax\n\ndef f(x):\n    return x"  # no section marks
    assert "".join(cells[2]["source"]) == "rest(f)"


def test_a_notebook_that_writes_files_works_in_a_temporary_folder_without_the_scratch_module():
    from author_commands.recipe_notebooks import for_a_notebook

    source = "from scratch import fresh_folder\n\nfresh_folder(__file__)  # work in scratch/\nimport jax\n"
    made = for_a_notebook(source)
    assert "scratch" not in made and "fresh_folder" not in made
    assert made.startswith("import os\nimport tempfile\n\nos.chdir(tempfile.mkdtemp(")


def test_a_notebook_whose_code_imports_target_runs_alone_in_a_fresh_kernel():
    """Colab opens the notebook and nothing else. n-devices's imports snippets/target.py and works
    in a scratch folder: its committed notebook, every cell run in a fresh kernel in an empty
    folder, writes target.py itself and compiles for the 8 devices."""
    from live_engine.notebooks import execute

    page = next(page for page in recipe_pages() if page.stem == "n-devices")
    ran = execute(notebook_path(page).read_bytes(), notebook_path(page).name, ROOT, timeout=300)
    printed = "".join(output.get("text", "") for cell in ran["cells"] if cell["cell_type"] == "code"
                      for output in cell.get("outputs", []))
    assert printed.startswith("Writing target.py") and "header: num_partitions=8" in printed
