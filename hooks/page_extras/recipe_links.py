"""A recipe page's links to its notebook: download it, or open it in Colab.

The notebook (docs/recipes/notebooks/NAME.ipynb, made by hooks/author_commands/recipe_notebooks.py) is
copied to the site as a file beside the page. Colab opens notebooks from GitHub, so the
Colab link is made from `repo_url` and the branch in `edit_uri`; a build whose repository
is not on GitHub (a local build) links Colab's upload page instead. Plain links: nothing
loads from another host.
"""

from __future__ import annotations

import re
import urllib.parse

RECIPE_PAGE = re.compile(r"recipes/(?!index\.md$)[\w-]+\.md")
TITLE = re.compile(r"^# .*$", re.MULTILINE)


def colab_link(repo_url: str, edit_uri: str, path_in_repository: str) -> str:
    """Markdown for 'Open in Colab' on the notebook at `path_in_repository` (docs/x.ipynb)."""
    repo = urllib.parse.urlsplit(repo_url or "")
    branch = re.match(r"(?:edit|blob)/([^/]+)/", edit_uri or "")
    if repo.netloc == "github.com" and branch:
        return (f"[Open in Colab](https://colab.research.google.com/github{repo.path.rstrip('/')}/blob/"
                f"{branch.group(1)}/{path_in_repository})")
    return "[Open in Colab](https://colab.research.google.com/) and upload the notebook"


def with_notebook_links(markdown: str, src_uri: str, repo_url: str, edit_uri: str) -> str:
    """The recipe page's Markdown with its notebook links under the title; other pages as they are."""
    if not RECIPE_PAGE.fullmatch(src_uri):
        return markdown
    title = TITLE.search(markdown)
    if title is None:
        return markdown
    name = src_uri.removeprefix("recipes/").removesuffix(".md")
    line = (f'\n\n<p class="recipe-notebook" markdown>[Download the notebook](notebooks/{name}.ipynb) · '
            f'{colab_link(repo_url, edit_uri, f"docs/recipes/notebooks/{name}.ipynb")}</p>')
    return markdown[:title.end()] + line + markdown[title.end():]
