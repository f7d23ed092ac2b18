"""Each recipe as a notebook: its question and answer, then its snippet, ready for Colab.

A recipe page (docs/recipes/NAME.md) shows one snippet (snippets/recipes/NAME.py, with
`-` for `_` in the page's name). Its notebook, docs/recipes/notebooks/NAME.ipynb, is made
from the two and committed, so that a reader on a GPU or TPU opens it in Colab from the
repository and runs the same code on their own backend. `tests/test_recipes.py` fails
when a committed notebook is not what this module makes now.

    uv run python hooks/author_commands/recipe_notebooks.py     # writes every recipe's notebook

Pure text in, JSON out: no MkDocs, no JAX, no execution (outputs stay on the page).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECIPES = ROOT / "docs" / "recipes"
NOTEBOOKS = RECIPES / "notebooks"
SNIPPETS = ROOT / "snippets"
DIRECTIVE = re.compile(r"<!-- live: (recipes/[\w/.-]+\.py)\b[^>]*-->")
SECTION_MARK = re.compile(r"^\s*# --8<-- \[(start|end):[\w.-]+\]\s*$")
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
FUNCTION_END = "# --8<-- [end:your-function]"
SCRATCH_IMPORT = re.compile(r"^from scratch import fresh_folder\n", re.MULTILINE)
SCRATCH_CALL = re.compile(r"^fresh_folder\(__file__\).*\n", re.MULTILINE)
TARGET_IMPORT = re.compile(r"^import target\b", re.MULTILINE)  # snippets/target.py: the devices to compile for


def recipe_pages() -> list[Path]:
    """Every recipe page; the section's index page is not one."""
    return sorted(page for page in RECIPES.glob("*.md") if page.name != "index.md")


def snippet_of(page_text: str, page: str) -> str:
    """The recipe's snippet (`recipes/x.py`): the page's first live directive names it."""
    found = DIRECTIVE.search(page_text)
    if found is None:
        raise ValueError(f"{page}: a recipe page needs one `<!-- live: recipes/NAME.py -->` directive")
    return found.group(1)


def notebook(page_text: str, snippet_source: str, page: str) -> dict:
    """The notebook: the question and its answer (the page's text above the snippet), the
    reader's function in a cell of its own, then the rest of the snippet."""
    above = DIRECTIVE.split(FRONT_MATTER.sub("", page_text), maxsplit=1)[0]
    intro = re.sub(r"\n{3,}", "\n\n", COMMENT.sub("", above)).strip()
    intro += (f"\n\nThe page `{page}` of the site shows this code's output and what to look for in it. "
              f"Change the function at the top, then run every cell.")
    helper = []
    if TARGET_IMPORT.search(snippet_source):
        intro += (" The first code cell writes `target.py` (the site's `snippets/target.py`), which the code "
                  "imports to pick the devices it compiles for: this machine's, or with `LIVE_TARGET` set "
                  "(`tpu-v5e`, `h100`, ...) a TPU's or GPU's without the chip.")
        helper = [_code(target_cell())]
    head, _, tail = for_a_notebook(snippet_source).partition(FUNCTION_END)
    cells = [_markdown(intro), *helper, _code(head), *([_code(tail)] if tail.strip() else [])]
    for number, cell in enumerate(cells):  # nbformat 4.5 wants an id per cell; stable, so the file is too
        cell["id"] = f"cell-{number}"
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def for_a_notebook(source: str) -> str:
    """The snippet as a notebook runs it: snippets/scratch.py is not there (Colab has the
    notebook alone), so a snippet that writes files works in a new temporary folder instead;
    one that imports target.py (written by the cell before it, target_cell) keeps the folder
    that holds it importable."""
    keep = ""
    if TARGET_IMPORT.search(source):
        keep = "sys.path.insert(0, os.getcwd())  # where the cell above wrote target.py\n"
    source = SCRATCH_IMPORT.sub("import os\nimport sys\nimport tempfile\n" if keep else "import os\nimport tempfile\n",
                                source)
    return SCRATCH_CALL.sub(keep + 'os.chdir(tempfile.mkdtemp(prefix="recipe-"))  # an empty folder for the files '
                            'this code writes\n', source)


def target_cell() -> str:
    """A cell that writes snippets/target.py into the notebook's folder, for the snippet's
    `import target`: Colab has the notebook alone, not the repository's snippets/."""
    return "%%writefile target.py\n" + (SNIPPETS / "target.py").read_text(encoding="utf-8")


def notebook_text(page: Path) -> str:
    """What docs/recipes/notebooks/NAME.ipynb must hold for `page`, as committed."""
    page_text = page.read_text(encoding="utf-8")
    name = f"docs/recipes/{page.name}"
    source = (SNIPPETS / snippet_of(page_text, name)).read_text(encoding="utf-8")
    return json.dumps(notebook(page_text, source, name), indent=1, ensure_ascii=False) + "\n"


def notebook_path(page: Path) -> Path:
    return NOTEBOOKS / f"{page.stem}.ipynb"


def _lines(text: str) -> list[str]:
    kept = [line for line in text.strip("\n").split("\n") if not SECTION_MARK.match(line)]
    return [line + "\n" for line in kept[:-1]] + kept[-1:]


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": _lines(text)}


def _code(text: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": _lines(text)}


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)  # -h, and no stray arguments
    NOTEBOOKS.mkdir(exist_ok=True)
    for page in recipe_pages():
        notebook_path(page).write_text(notebook_text(page), encoding="utf-8")
        print(f"wrote {notebook_path(page).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
