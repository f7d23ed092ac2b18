from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

import live_engine
import live_engine.cache
from live_engine.cache import ResultCache, cache_key
from live_engine.snippets import Snippet, load_snippet

HOOKS = Path(live_engine.cache.__file__).resolve().parent.parent


@pytest.fixture
def snippets(tmp_path) -> Path:
    folder = tmp_path / "snippets"
    folder.mkdir()
    (folder / "main.py").write_text("import helper\nprint(helper.x)\n")
    (folder / "helper.py").write_text("x = 1\n")
    return folder


def load(folder: Path) -> Snippet:
    return load_snippet(folder, "main.py")


# --- cache_key ---------------------------------------------------------


def test_the_key_is_the_same_for_identical_inputs(snippets):
    assert cache_key(load(snippets), 1000) == cache_key(load(snippets), 1000)


def test_the_key_is_a_hex_sha256(snippets):
    assert re.fullmatch(r"[0-9a-f]{64}", cache_key(load(snippets), 1000))


def test_the_key_changes_with_the_snippet_bytes(snippets):
    before = cache_key(load(snippets), 1000)
    (snippets / "main.py").write_text("import helper\nprint(helper.x)  # edited\n")
    assert cache_key(load(snippets), 1000) != before


def test_the_key_changes_with_a_dependency_bytes(snippets):
    before = cache_key(load(snippets), 1000)
    (snippets / "helper.py").write_text("x = 2\n")
    assert cache_key(load(snippets), 1000) != before


def test_the_key_changes_with_the_environment(snippets):
    snippet = load(snippets)
    keys = {
        cache_key(dataclasses.replace(snippet, env=env), 1000)
        for env in [(), (("XLA_FLAGS", "a"),), (("XLA_FLAGS", "b"),), (("JAX_ENABLE_X64", "1"),)]
    }
    assert len(keys) == 4


def test_the_key_changes_with_the_snippet_name(snippets):
    snippet = load(snippets)
    assert cache_key(dataclasses.replace(snippet, name="other.py"), 1000) != cache_key(snippet, 1000)


def test_the_key_changes_with_the_engine_version(snippets, monkeypatch):
    before = cache_key(load(snippets), 1000)
    monkeypatch.setattr(live_engine.cache, "ENGINE_VERSION", "next")
    assert cache_key(load(snippets), 1000) != before


def test_the_engine_version_is_a_hash_of_the_engine_source_so_any_edit_changes_it(tmp_path):
    """Nobody bumps it by hand: an edit to normalize.py (or any module) is a new version."""
    copy = tmp_path / "live_engine"
    shutil.copytree(Path(live_engine.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    version = [sys.executable, "-c", "import live_engine; print(live_engine.ENGINE_VERSION)"]
    same = subprocess.run(version, cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()
    with (copy / "normalize.py").open("a") as file:
        file.write("# a change to how outputs are normalized\n")
    edited = subprocess.run(version, cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()
    assert same == live_engine.ENGINE_VERSION != edited


def test_the_key_changes_with_the_installed_packages(snippets, monkeypatch):
    before = cache_key(load(snippets), 1000)
    monkeypatch.setattr(live_engine.cache, "installed_packages", lambda: "another numpy")
    assert cache_key(load(snippets), 1000) != before


def test_the_installed_packages_are_every_distribution_a_worker_imports_with_its_version():
    listed = live_engine.cache.installed_distributions()
    assert f"numpy=={metadata.version('numpy')}" in listed and f"jaxlib=={metadata.version('jaxlib')}" in listed
    assert listed == sorted(listed) and len(listed) > 20


def test_the_key_changes_with_the_toolchain(snippets, monkeypatch):
    toolchain = {"python": "3.11.7", "jax": "0.10.2", "jaxlib": "0.10.2", "platform": "Linux-x86_64"}
    keys = set()
    for change in [{}, {"python": "3.12.0"}, {"jax": "0.10.3"}, {"jaxlib": "0.10.3"}, {"platform": "Darwin-arm64"}]:
        monkeypatch.setattr(live_engine.cache, "toolchain", lambda change=change: toolchain | change)
        keys.add(cache_key(load(snippets), 1000))
    assert len(keys) == 5


def test_the_key_changes_with_the_output_cap(snippets):
    snippet = load(snippets)
    assert cache_key(snippet, 1000) != cache_key(snippet, 1001)


def test_the_toolchain_names_python_jax_jaxlib_and_the_platform():
    assert set(live_engine.cache.toolchain()) == {"python", "jax", "jaxlib", "platform"}


def test_the_toolchain_and_key_are_computed_without_importing_jax(snippets):
    code = (
        "import sys; from pathlib import Path\n"
        "import live_engine.build, live_engine.cache, live_engine.runner\n"
        "from live_engine.snippets import load_snippet\n"
        f"live_engine.cache.cache_key(load_snippet(Path({str(snippets)!r}), 'main.py'), 1000)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jax', 'jaxlib')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=HOOKS, capture_output=True, text=True, check=True)
    assert result.stdout == "[]\n"


# --- ResultCache ---------------------------------------------------------

KEY = "ab" * 32


def test_a_stored_output_is_read_back(tmp_path):
    cache = ResultCache(tmp_path / "cache")
    cache.put(KEY, "tensor<4xf32> → ü\n\x1b\\x00 ```\n")
    assert cache.get(KEY) == "tensor<4xf32> → ü\n\x1b\\x00 ```\n"


def test_the_cache_folder_is_created_on_first_write(tmp_path):
    cache = ResultCache(tmp_path / "deep" / "cache")
    cache.put(KEY, "out")
    assert (tmp_path / "deep" / "cache").is_dir()


def test_a_later_write_replaces_an_entry(tmp_path):
    cache = ResultCache(tmp_path)
    cache.put(KEY, "old")
    cache.put(KEY, "new")
    assert cache.get(KEY) == "new"


def test_a_missing_entry_is_none(tmp_path):
    assert ResultCache(tmp_path / "never-created").get(KEY) is None


def test_a_truncated_entry_is_none_and_removed(tmp_path):
    cache = ResultCache(tmp_path)
    cache.put(KEY, "a long enough output")
    entry = tmp_path / f"{KEY}.json"
    entry.write_bytes(entry.read_bytes()[:20])
    assert cache.get(KEY) is None
    assert not entry.exists()


@pytest.mark.parametrize("content", ["", "[]", "null", '{"engine": "1"}', "\xff\xfe", '{"engine": "1", "key": 5}'])
def test_an_unreadable_entry_is_none(tmp_path, content):
    (tmp_path / f"{KEY}.json").write_text(content, encoding="latin-1")
    assert ResultCache(tmp_path).get(KEY) is None


def test_an_entry_from_another_engine_version_is_none(tmp_path, monkeypatch):
    cache = ResultCache(tmp_path)
    monkeypatch.setattr(live_engine.cache, "ENGINE_VERSION", "0-older")
    cache.put(KEY, "stale")
    monkeypatch.undo()
    assert cache.get(KEY) is None


def test_an_entry_stored_under_another_key_is_none(tmp_path):
    cache = ResultCache(tmp_path)
    cache.put("cd" * 32, "someone else's output")
    os.replace(tmp_path / f"{'cd' * 32}.json", tmp_path / f"{KEY}.json")
    assert cache.get(KEY) is None


def test_an_entry_is_one_json_file_named_by_its_key_and_no_temporary_file_remains(tmp_path):
    ResultCache(tmp_path).put(KEY, "out")
    assert [p.name for p in tmp_path.iterdir()] == [f"{KEY}.json"]
    assert json.loads((tmp_path / f"{KEY}.json").read_text())["output"] == "out"


class _FailingFile:
    """Stands in for the open temporary file: writes half of what it is given, then fails."""

    def __init__(self, handle, *args, **kwargs):
        self._file = open(handle, *args, **kwargs)  # noqa: SIM115

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._file.close()

    def write(self, data):
        self._file.write(data[: len(data) // 2])
        self._file.flush()
        raise OSError(28, "No space left on device")


def test_a_failed_write_leaves_neither_a_partial_entry_nor_a_temporary_file(tmp_path, monkeypatch):
    monkeypatch.setattr(live_engine.cache.os, "fdopen", _FailingFile)
    with pytest.raises(OSError, match="No space left"):
        ResultCache(tmp_path).put(KEY, "x" * 10_000)
    assert list(tmp_path.iterdir()) == []


def test_the_cache_records_the_keys_it_hands_out_or_stores(tmp_path):
    cache = ResultCache(tmp_path)
    cache.put(KEY, "stored")
    ResultCache(tmp_path).put("cd" * 32, "another build's")
    assert cache.get("cd" * 32) == "another build's" and cache.get("ef" * 32) is None
    assert cache.used == {KEY, "cd" * 32}


def test_pruning_removes_the_entries_not_kept_with_their_files_and_nothing_else(tmp_path):
    cache = ResultCache(tmp_path)
    for key in (KEY, "cd" * 32):
        cache.put(key, "out")
        (cache.files_for(key)).mkdir()
        (cache.files_for(key) / "page.ipynb").write_text("{}")
    (tmp_path / "notes.txt").write_text("not the cache's")  # LIVE_CACHE_DIR may point anywhere
    (tmp_path / ".writing-fresh").write_text("another build is writing this")
    abandoned = tmp_path / ".writing-abandoned"
    abandoned.write_text("a build killed mid-write left this")
    os.utime(abandoned, (time.time() - 2 * 3600,) * 2)
    assert cache.prune(keep={KEY}) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{KEY}.json", KEY, "notes.txt", ".writing-fresh"])
    assert cache.get(KEY) == "out" and (cache.files_for(KEY) / "page.ipynb").exists()


def test_pruning_a_cache_that_was_never_written_does_nothing(tmp_path):
    assert ResultCache(tmp_path / "never").prune(keep=set()) == 0


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    def interrupted(source, destination):
        raise KeyboardInterrupt

    monkeypatch.setattr(live_engine.cache.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        ResultCache(tmp_path).put(KEY, "out")
    assert list(tmp_path.iterdir()) == []


def test_a_failed_rewrite_keeps_the_previous_entry(tmp_path, monkeypatch):
    cache = ResultCache(tmp_path)
    cache.put(KEY, "previous")
    monkeypatch.setattr(live_engine.cache.os, "fdopen", _FailingFile)
    with pytest.raises(OSError):
        cache.put(KEY, "next " * 1000)
    monkeypatch.undo()
    assert cache.get(KEY) == "previous"
    assert [p.name for p in tmp_path.iterdir()] == [f"{KEY}.json"]
