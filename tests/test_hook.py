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
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"), extra={}, repo_url=None, edit_uri=None)
    module.on_startup(command="build", dirty=False)
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


def test_a_build_fails_on_a_failing_snippet(hook):
    (Path(hook[1].config_file_path).parent / "snippets" / "raises.py").write_text("raise ValueError('no')\n")
    with pytest.raises(PluginError, match=r"chapter.md:1: snippets/raises.py:1: ValueError: no"):
        render(hook, hook[1], "<!-- live: raises.py -->\n", "<!-- live: raises.py -->\n")


@pytest.fixture
def serving(hook):
    """The hook as `mkdocs serve` runs it."""
    module, _ = hook
    module.on_startup(command="serve", dirty=False)
    yield hook
    module.on_startup(command="build", dirty=False)


def test_under_serve_a_failure_is_shown_on_its_page_and_the_rest_renders(serving):
    (Path(serving[1].config_file_path).parent / "snippets" / "raises.py").write_text("raise ValueError('no')\n")
    page = "<!-- live: first.py -->\n\n<!-- live: raises.py -->\n\n<!-- live: first.py colour=red -->\n"
    markdown = render(serving, serving[1], page, page)
    assert "first output" in markdown
    failures = markdown.split('<div class="live-failure"')[1:]
    assert len(failures) == 2
    assert "chapter.md:3: snippets/raises.py:1: ValueError: no" in failures[0]
    assert 'title="snippets/raises.py"' in markdown  # its source is still shown, above the failure
    assert "chapter.md:5: unknown option 'colour'" in failures[1]


def test_tool_live_is_read_again_at_every_build_and_the_workers_are_kept(hook):
    module, config = hook
    pyproject = Path(config.config_file_path).parent / "pyproject.toml"
    render(hook, config, "<!-- live: first.py -->\n", "<!-- live: first.py -->\n")  # the workers are up
    runner = module._state["runner"]
    pyproject.write_text("[tool.live]\ntimeout = 7\n")
    try:
        module.on_config(config)
        assert module._state["runner"].settings.timeout == 7.0
        assert module._state["runner"].pool is runner.pool
    finally:
        pyproject.unlink()
        module.on_config(config)


@pytest.mark.parametrize("line", ['timeout = "five"', "workers = 2"])
def test_a_settings_error_stops_the_build_naming_the_file_and_the_key(hook, line):
    module, config = hook
    pyproject = Path(config.config_file_path).parent / "pyproject.toml"
    pyproject.write_text(f"[tool.live]\n{line}\n")
    try:
        with pytest.raises(PluginError, match=rf"^live: {pyproject.resolve()}: \[tool.live\] {line.split()[0]} "):
            module.on_config(config)
    finally:
        pyproject.unlink()
        module.on_config(config)


def test_a_whole_build_removes_the_cache_entries_no_page_used(hook):
    module, config = hook
    render(hook, config, "<!-- live: first.py -->\n<!-- live: second.py -->\n", "<!-- live: first.py -->\n")
    cache = module._state["runner"].cache
    kept = set(cache.used)
    module.on_files(files_with("<!-- live: first.py -->\n"), config)  # second.py is no longer on any page
    assert len(kept) == 2 and len(cache.used) == 1
    assert {path.stem for path in cache.folder.glob("*.json")} == cache.used


def test_a_page_run_again_shows_no_older_output_of_a_snippet_saved_since_the_matrix_ran(hook):
    """Under serve, a chapter saved after on_files runs its snippets again on the pinned version;
    the matrix ran the old bytes, so its tabs would pair the new output with stale older ones."""
    from live_engine.runner import Outcome
    module, config = hook
    snippet = Path(config.config_file_path).parent / "snippets" / "edited.py"
    snippet.write_text('print("before the edit")\n')
    module.on_files(files_with("<!-- live: edited.py -->\n"), config)
    module._state["matrix"] = {"0.4.38": {"edited.py": Outcome("edited.py", "older version's output\n")}}
    page = SimpleNamespace(file=SimpleNamespace(src_uri="chapter.md"))
    again = "# Edited\n\n<!-- live: edited.py -->\n"  # the chapter too, so the hook runs it again
    assert "older version's output" in module.on_page_markdown(again, page=page, config=config, files=None)
    snippet.write_text('print("after the edit")\n')
    markdown = module.on_page_markdown(again, page=page, config=config, files=None)
    assert "after the edit" in markdown and "older version's output" not in markdown
    module._state["matrix"] = {}


@pytest.mark.parametrize("serving, level", [(False, "WARNING"), (True, "INFO")])
def test_an_older_version_that_gave_no_answer_is_a_warning_in_a_build_and_an_info_line_under_serve(
        hook, monkeypatch, caplog, serving, level):
    """A warning makes the published (strict) build stop rather than publish a comparison with a
    gap; under serve it must not end the server (strict: true turns warnings into an exit)."""
    from live_engine.runner import Outcome
    module, _ = hook
    timed_out = Outcome("slow.py", None, "snippets/slow.py:3: timed out after 120 s (set timeout=...)")
    monkeypatch.setattr(module, "run_matrix", lambda *args: {"0.4.38": {"slow.py": timed_out}})
    monkeypatch.setitem(module._state, "serving", serving)
    pinned = SimpleNamespace(outcomes={"slow.py": Outcome("slow.py", "done\n")}, snippets={})
    with caplog.at_level("INFO", logger=module.log.name):
        module._run_matrix({}, pinned)
    [line] = [record for record in caplog.records if "not compared" in record.getMessage()]
    assert line.levelname == level
    assert line.getMessage().startswith("live: jax 0.4.38: snippets/slow.py:3: timed out after 120 s "
                                        "(set timeout=...) (not compared; the next build runs it again")


def test_the_changes_page_lists_chapters_in_the_navigation_s_order(hook):
    module, _ = hook
    pages = {"docs/aot.md": "", "docs/basics.md": "", "docs/index.md": "", "docs/unlisted.md": ""}
    config = SimpleNamespace(nav=[{"Home": "index.md"}, {"Start": [{"Basics": "basics.md"}]}, {"AOT": "aot.md"}])
    assert list(module._in_nav_order(pages, config)) == ["docs/index.md", "docs/basics.md", "docs/aot.md",
                                                         "docs/unlisted.md"]
    assert list(module._in_nav_order(pages, SimpleNamespace())) == list(pages)  # no nav: as MkDocs found them
