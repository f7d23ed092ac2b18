from __future__ import annotations

import os

import pytest

from live_engine.settings import CACHE_DIR_VARIABLE, Settings, SettingsError, load_settings


@pytest.fixture(autouse=True)
def no_cache_override(monkeypatch):
    monkeypatch.delenv(CACHE_DIR_VARIABLE, raising=False)


def test_the_cache_folder_can_be_moved_by_an_environment_variable(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.live]\ncache_dir = "elsewhere"\n')
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "cold"))
    assert load_settings(tmp_path).cache_dir == (tmp_path / "cold").resolve()


def test_without_a_pyproject_every_setting_has_its_default(tmp_path):
    assert load_settings(tmp_path) == Settings(
        root=tmp_path.resolve(),
        snippets_dir=tmp_path.resolve() / "snippets",
        cache_dir=tmp_path.resolve() / ".cache" / "live",
        timeout=120.0,
        max_output_bytes=2_000_000,
        parallel=0,
        max_workers=4,
    )


def test_a_pyproject_without_a_tool_live_table_means_defaults(tmp_path):
    defaults = load_settings(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.other]\ntimeout = 1\n')
    assert load_settings(tmp_path) == defaults


def test_tool_live_values_are_read(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        "[tool.live]\n"
        'snippets_dir = "examples/code"\n'
        'cache_dir = "build/cache"\n'
        "timeout = 12\n"
        "max_output_bytes = 4096\n"
        "parallel = 3\n"
        "max_workers = 2\n"
    )
    settings = load_settings(tmp_path)
    assert settings.snippets_dir == tmp_path.resolve() / "examples" / "code"
    assert settings.cache_dir == tmp_path.resolve() / "build" / "cache"
    assert (settings.timeout, settings.max_output_bytes, settings.parallel, settings.max_workers) == (12.0, 4096, 3, 2)
    assert isinstance(settings.timeout, float)


def test_the_root_is_resolved(tmp_path):
    (tmp_path / "sub").mkdir()
    assert load_settings(tmp_path / "sub" / "..").root == tmp_path.resolve()


def test_an_unknown_key_is_an_error_naming_it_and_the_known_keys(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.live]\ntimeout = 5\ntime_out = 5\n")
    with pytest.raises(ValueError, match=r"unknown key\(s\) in \[tool.live\]: time_out; known keys are cache_dir, "):
        load_settings(tmp_path)


def test_the_error_names_the_pyproject_file(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.live]\ncolour = 'red'\n")
    with pytest.raises(ValueError, match=f"^{tmp_path.resolve() / 'pyproject.toml'}: "):
        load_settings(tmp_path)


@pytest.mark.parametrize(("parallel", "at_once"), [(0, os.cpu_count() or 1), (1, 1), (3, 3)])
def test_snippets_at_once_is_the_parallel_setting_or_one_per_core(tmp_path, parallel, at_once):
    assert Settings(tmp_path, tmp_path, tmp_path, parallel=parallel).snippets_at_once == at_once


@pytest.mark.parametrize("line", [
    'timeout = "five"', "timeout = 0", "timeout = -5", "timeout = true", "parallel = true", "parallel = -1",
    "parallel = 1.5", 'max_output_bytes = "2 MB"', "max_output_bytes = 0", "max_workers = 0", "snippets_dir = 3",
    'cache_dir = ""',
])
def test_a_value_of_the_wrong_type_or_size_is_an_error_naming_the_file_the_key_and_what_to_write(tmp_path, line):
    (tmp_path / "pyproject.toml").write_text(f"[tool.live]\n{line}\n")
    key = line.split()[0]
    with pytest.raises(SettingsError) as raised:
        load_settings(tmp_path)
    assert str(raised.value).startswith(f"{tmp_path.resolve() / 'pyproject.toml'}: [tool.live] {key} = ")
    assert f"write {key} = " in str(raised.value) or f"e.g. {key} = " in str(raised.value)


def test_the_old_workers_key_says_it_was_renamed(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.live]\nworkers = 2\n")
    with pytest.raises(SettingsError, match=r"\[tool.live\] workers is now called parallel .*snippets run at once"):
        load_settings(tmp_path)


def test_a_pyproject_that_is_not_toml_is_an_error_naming_it(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.live\n")
    with pytest.raises(SettingsError, match=f"^{tmp_path.resolve() / 'pyproject.toml'}: not valid TOML"):
        load_settings(tmp_path)
