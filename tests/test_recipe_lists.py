"""The two lists of recipes, on the home page and on the Recipes page, agree and miss none.

Both group the recipes by what the reader is trying to do. A recipe added to
docs/recipes/ must appear in them, under the same question its page asks; the two pages
must give the same groups, in the same order, with the same links. No build needed.
"""

from __future__ import annotations

import re
from pathlib import Path

from author_commands.recipe_notebooks import recipe_pages

DOCS = Path(__file__).resolve().parent.parent / "docs"
HEADING = re.compile(r"^#{2,3} (?P<title>.+?) \{ #(?P<id>[\w-]+) data-search-exclude \}$", re.MULTILINE)
LINK = re.compile(r"^- \[(?P<text>.+)\]\((?:recipes/)?(?P<slug>[\w-]+)\.md\)$", re.MULTILINE)


def groups(page: Path) -> dict[str, list[tuple[str, str]]]:
    """Group id -> [(link text, recipe slug)], in the page's order."""
    text = page.read_text(encoding="utf-8")
    found = {}
    heads = list(HEADING.finditer(text))
    for head, following in zip(heads, heads[1:] + [None]):
        body = text[head.end():following.start() if following else None]
        body = body.split("\n## ", 1)[0]  # a group ends at the next section too
        found[head["id"]] = [(link["text"], link["slug"]) for link in LINK.finditer(body)]
    return found


def test_the_home_page_and_the_recipes_page_list_the_same_recipes_in_the_same_groups():
    home, index = groups(DOCS / "index.md"), groups(DOCS / "recipes" / "index.md")
    assert list(home) == ["too-slow", "too-much-memory", "compiles-too-often", "wrong-numbers",
                          "hand-it-over", "read-a-listing"]
    assert home == index


def test_every_recipe_is_listed_under_the_question_its_page_asks():
    listed = {slug: text for links in groups(DOCS / "index.md").values() for text, slug in links}
    for page in recipe_pages():
        title = re.search(r"^# (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE).group(1).strip()
        assert page.stem in listed, f"docs/recipes/{page.name} is in no group of docs/index.md"
        assert listed[page.stem] == title, f"docs/index.md links {page.stem} as {listed[page.stem]!r}, " \
                                           f"its page asks {title!r}"
