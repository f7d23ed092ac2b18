from __future__ import annotations

import os

import pytest

from live_engine.settings import CACHE_DIR_VARIABLE, Settings, load_settings


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
        workers=0,
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
        "workers = 3\n"
    )
    settings = load_settings(tmp_path)
    assert settings.snippets_dir == tmp_path.resolve() / "examples" / "code"
    assert settings.cache_dir == tmp_path.resolve() / "build" / "cache"
    assert (settings.timeout, settings.max_output_bytes, settings.workers) == (12.0, 4096, 3)
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


@pytest.mark.parametrize(("workers", "parallel"), [(0, os.cpu_count() or 1), (1, 1), (3, 3)])
def test_parallel_is_the_worker_count_or_one_per_core(tmp_path, workers, parallel):
    assert Settings(tmp_path, tmp_path, tmp_path, workers=workers).parallel == parallel


@pytest.mark.parametrize("line", ["timeout = 0", "timeout = -5", "workers = -1", "max_output_bytes = -1"])
def test_a_nonsense_value_is_an_error_naming_its_key(tmp_path, line):
    (tmp_path / "pyproject.toml").write_text(f"[tool.live]\n{line}\n")
    with pytest.raises(ValueError, match=line.split()[0]):
        load_settings(tmp_path)
