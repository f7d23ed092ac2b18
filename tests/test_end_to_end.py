"""Build a tiny site with the real hook, in a temporary folder, and read what came out."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HOOK = Path(__file__).resolve().parent.parent / "hooks" / "live.py"

GOOD = """\
import jax
import jax.numpy as jnp

print(jax.jit(lambda x: x * 2).lower(jnp.ones(4)).as_text())
"""
BAD = """\
values = [1, 2, 3]
print(values[1] / (values[0] - 1))
"""


def make_site(folder: Path, pages: dict[str, str], snippets: dict[str, str]) -> None:
    (folder / "mkdocs.yml").write_text(textwrap.dedent(f"""\
        site_name: tiny
        hooks: [{HOOK}]
        markdown_extensions: [md_in_html, pymdownx.superfences, pymdownx.highlight]
    """))
    for name, text in pages.items():
        (folder / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "docs" / name).write_text(text)
    for name, text in snippets.items():
        (folder / "snippets" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "snippets" / name).write_text(text)


def mkdocs_build(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def good_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("good")
    make_site(folder, {"index.md": "# Tiny\n\n<!-- live: good.py -->\n"}, {"good.py": GOOD})
    first = mkdocs_build(folder, "--strict")
    second = mkdocs_build(folder, "--strict")
    return folder, first, second


def test_a_passing_snippet_builds(good_site):
    _, first, _ = good_site
    assert first.returncode == 0, first.stderr


def test_its_output_is_in_the_page_escaped(good_site):
    folder, _, _ = good_site
    page = (folder / "site" / "index.html").read_text()
    [tag] = re.findall(r'<div class="live-output"[^>]*>', page)
    assert 'data-snippet="good.py"' in tag and 'data-lang="stablehlo"' in tag
    assert "tensor&lt;4xf32&gt;" in page
    assert "tensor<4xf32>" not in page
    assert html.escape('title="snippets/good.py"') not in page  # the title is rendered, not leaked
    assert '<span class="filename">snippets/good.py</span>' in page


def test_the_build_reports_what_ran(good_site):
    _, first, second = good_site
    assert "live: 1 snippets: 1 ran, 0 from the cache" in first.stderr
    assert "live: 1 snippets: 0 ran, 1 from the cache" in second.stderr


@pytest.mark.parametrize("strict", [["--strict"], []], ids=["strict", "not-strict"])
def test_a_failing_snippet_fails_the_build_naming_both_lines(tmp_path, strict):
    make_site(
        tmp_path,
        {"index.md": "# Tiny\n\n<!-- live: good.py -->\n\nText.\n\n<!-- live: bad.py -->\n"},
        {"good.py": GOOD, "bad.py": BAD},
    )
    result = mkdocs_build(tmp_path, *strict)
    assert result.returncode != 0
    assert "docs/index.md:7: snippets/bad.py:2: ZeroDivisionError: division by zero" in result.stderr
    assert 'File "snippets/bad.py", line 2, in <module>' in result.stderr  # the traceback follows
    assert "docs/index.md:3" not in result.stderr  # the good one is not blamed
