"""The MkDocs hook's events, called directly with stand-ins for MkDocs' objects."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

HOOK = Path(__file__).resolve().parent.parent / "hooks" / "live.py"


@pytest.fixture(scope="module")
def hook(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("hook")
    spec = importlib.util.spec_from_file_location("live_hook_under_test", HOOK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "first.py").write_text('print("first output")\n')
    (tmp_path / "snippets" / "second.py").write_text('print("second output")\n')
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"), extra={})
    module.on_config(config)
    yield module, config
    module.on_shutdown()


def files_with(text: str):
    page = SimpleNamespace(src_uri="chapter.md", content_string=text)
    return SimpleNamespace(documentation_pages=lambda: [page])


def render(hook, config, read_at_start: str, read_at_render: str) -> str:
    module, _ = hook
    module.on_files(files_with(read_at_start), config)
    page = SimpleNamespace(file=SimpleNamespace(src_uri="chapter.md"))
    return module.on_page_markdown(read_at_render, page=page, config=config, files=None)


def test_a_page_is_rendered_with_the_outputs_built_for_it(hook):
    markdown = render(hook, hook[1], "<!-- live: first.py -->\n", "<!-- live: first.py -->\n")
    assert "first output" in markdown


def test_a_chapter_edited_during_the_build_shows_what_its_new_text_names(hook):
    markdown = render(hook, hook[1], "<!-- live: first.py -->\n", "<!-- live: second.py -->\n")
    assert "second output" in markdown and "first output" not in markdown


def test_a_chapter_edited_into_an_error_during_the_build_fails_it(hook):
    with pytest.raises(PluginError, match="chapter.md:1: .*missing.py"):
        render(hook, hook[1], "<!-- live: first.py -->\n", "<!-- live: missing.py -->\n")
