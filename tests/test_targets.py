"""Compile targets: a snippet compiled for a TPU and a GPU that this machine does not have.

The unit tests hold the directive option, the names, the records and the startup noise
libtpu prints; the end-to-end ones build a tiny site whose page names two targets, so that
the engine makes both environments (the pinned JAX with libtpu, and with the CUDA plugin)
in the site's cache and shows each target's output in a tab beside the CPU's.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from live_engine import records
from live_engine.directives import parse_page
from live_engine.normalize import Places, normalize
from live_engine.settings import load_settings
from live_engine.targets import TARGETS, TARGETS_VARIABLE, parse_targets, run_variables, wanted_targets

ROOT = Path(__file__).resolve().parent.parent
TARGET_MODULE = ROOT / "snippets" / "target.py"


def test_a_directive_names_its_targets_and_an_unknown_one_is_refused_with_the_known_ones():
    parsed = parse_page("<!-- live: a.py targets=tpu-v5e,h100 -->\n<!-- live: b.py targets=tpu-v7x -->\n", "docs/x.md")
    assert parsed.directives[0].targets == ("tpu-v5e", "h100")
    (error,) = parsed.errors
    assert str(error).startswith("docs/x.md:2: option targets='tpu-v7x' names an unknown target 'tpu-v7x'")
    assert "known targets: " + ", ".join(TARGETS) in str(error)


def test_targets_cannot_go_with_compare_or_a_hidden_output():
    for options in ("compare=b.py", "output=hide"):
        (error,) = parse_page(f"<!-- live: a.py targets=h100 {options} -->\n", "docs/x.md").errors
        assert "targets= shows one output per target" in str(error)


def test_a_target_named_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        parse_targets("h100,h100")


@pytest.mark.parametrize("value, wanted", [("", None), ("all", None), ("cpu", ()), ("tpu-v5e", ("tpu-v5e",))])
def test_live_targets_chooses_what_a_build_compiles_for(value, wanted):
    assert wanted_targets({TARGETS_VARIABLE: value}) == wanted


def test_a_target_run_names_its_target_and_sets_its_environments_variables():
    assert run_variables("tpu-v5e")[0] == ("LIVE_TARGET", "tpu-v5e")
    assert ("ALLOW_MULTIPLE_LIBTPU_LOAD", "1") in run_variables("tpu-v6e")  # parallel workers load libtpu at once
    assert ("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1") in run_variables("h100")


def test_the_snippet_module_knows_every_target_the_engine_knows():
    source = TARGET_MODULE.read_text(encoding="utf-8")
    for name in TARGETS:
        assert f'"{name}":' in source, f"snippets/target.py does not know {name}"


LIBTPU_SAID = (
    "Failed to find host bounds for accelerator type: WARNING: could not determine TPU accelerator type, please set "
    "env var `TPU_ACCELERATOR_TYPE` manually, otherwise libtpu.so may not properly initialize.\n"
    "WARNING: Logging before InitGoogle() is written to STDERR\n"
    "E0000 00:00:1796216367.791428    3864 common_lib.cc:860] INVALID_ARGUMENT: Error: unexpected worker hostname "
    "'WARNING: could not determine TPU worker hostnames or IP addresses' from env var TPU_WORKER_HOSTNAMES. "
    "(Full TPU workers' addr string: WARNING: could not determine TPU worker hostnames or IP addresses, please set "
    "env var `TPU_WORKER_HOSTNAMES` manually, otherwise libtpu.so may not properly initialize.)\n"
    "=== Source Location Trace: === \n"
    "learning/45eac/tfrc/runtime/libtpu_init_utils.cc:370\n"
)


def test_libtpus_startup_lines_go_by_pattern_and_everything_else_stays():
    printed = "before\n" + LIBTPU_SAID + "after\n=== Source Location Trace: === \nmosaic/serde.cc:12\n"
    shown = normalize(printed.encode(), Places(ROOT))
    assert shown == "before\nafter\n=== Source Location Trace: === \nmosaic/serde.cc:12\n"


def test_a_record_per_target_lives_under_records_targets(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.live]\nrecords_dir = "records"\n')
    settings = load_settings(tmp_path)
    assert records.accept(settings, "a/b.py", "x\n", "tpu-v5e")
    assert (tmp_path / "records" / "compiled-for" / "tpu-v5e" / "a" / "b.py.txt").read_text() == "x\n"
    said = records.check(settings, "a/b.py", "y\n", "tpu-v5e")
    assert said.startswith("snippets/a/b.py compiled for tpu-v5e: the output no longer matches")
    assert records.check(settings, "a/b.py", "y\n") is not None  # the CPU's record is another file


# --- end to end: a tiny site compiled for the CPU, a TPU v5e and an H100 -------------------------

DENSE = """\
import jax.numpy as jnp

import target

compiled = target.compile(lambda x, w: jnp.tanh(x @ w), jnp.ones((128, 256)), jnp.ones((256, 512)))
print(compiled.as_text().splitlines()[0].split(", allow_spmd")[0])
"""
# Fails on the GPU alone: a reader's snippet that works on two targets of three.
NOT_ON_GPU = """\
import target

if target.name() == "h100":
    raise RuntimeError("no kernel for this GPU")
print("compiled for", target.name())
"""


def make_target_site(folder: Path) -> None:
    """A one-page site whose snippet names a TPU v5e and an H100, with the real site's tabs."""
    from tinysite import make_site
    make_site(folder, {"index.md": "# Tiny\n\n<!-- live: dense.py targets=tpu-v5e,h100 -->\n"},
              {"dense.py": DENSE}, tool_live='records_dir = "records"\n')
    shutil.copy(TARGET_MODULE, folder / "snippets" / "target.py")
    yml = folder / "mkdocs.yml"  # the real site's tabs and folded notes
    yml.write_text(yml.read_text().replace("pymdownx.highlight]", "pymdownx.highlight, pymdownx.details, "
                                           "admonition, {pymdownx.tabbed: {alternate_style: true}}]"))


@pytest.fixture(scope="module")
def target_site(tmp_path_factory):
    from tinysite import mkdocs_build
    folder = tmp_path_factory.mktemp("targets")
    make_target_site(folder)
    first = mkdocs_build(folder, "--strict")
    page = (folder / "site" / "index.html").read_text()
    second = mkdocs_build(folder, "--strict")
    records.accept(load_settings(folder), "dense.py", "recorded for the TPU\n", "tpu-v5e")
    cpu_alone = mkdocs_build(folder, "--strict", **{TARGETS_VARIABLE: "cpu"})
    cpu_page = (folder / "site" / "index.html").read_text()
    return folder, first, page, second, cpu_alone, cpu_page


def _tabs(page: str) -> list[str]:
    return [html.unescape(label) for label in re.findall(r'<label for="__tabbed_\d+_\d+">([^<]+)</label>', page)]


def _outputs(page: str) -> dict[str, str]:
    """data-target (or "cpu") -> the text of that output."""
    found = {}
    for marks, body in re.findall(r'<div class="live-output[^"]*" ([^>]*)>(.*?)</div>\s*</div>', page, re.DOTALL):
        target = re.search(r'data-target="([^"]+)"', marks)
        found[target.group(1) if target else "cpu"] = html.unescape(re.sub(r"<[^>]+>", "", body))
    return found


def test_each_target_is_compiled_in_its_own_environment_and_shown_in_a_tab(target_site):
    folder, first, page, _, _, _ = target_site
    assert first.returncode == 0, first.stderr
    shared = Path(os.environ["LIVE_TARGET_ENVIRONMENTS"])  # tests/conftest.py: one pair for the session
    for key in ("tpu", "cuda12"):
        assert (shared / f"target-{key}" / "env" / "bin" / "python").exists()
        assert (folder / ".cache" / "live" / f"target-{key}" / "results").is_dir()  # the results stay the site's
    assert _tabs(page) == ["CPU", "TPU v5e", "H100"]
    outputs = _outputs(page)
    assert "T(8,128)" in outputs["tpu-v5e"] and "T(8,128)" not in outputs["cpu"]  # the TPU's tiled layouts
    assert "HloModule jit__lambda" in outputs["h100"] and "T(8,128)" not in outputs["h100"]
    assert "What differs from the CPU" in page  # the targets print otherwise: a folded diff each
    assert "Failed to find host bounds" not in page and "InitGoogle" not in page  # libtpu's startup noise


def test_a_second_build_takes_every_target_from_the_cache(target_site):
    _, _, page, second, _, _ = target_site
    assert second.returncode == 0, second.stderr
    assert "snippets on" not in second.stderr  # nothing ran, on any target


def test_live_targets_cpu_shows_the_targets_records_and_says_so(target_site):
    _, _, _, _, cpu_alone, cpu_page = target_site
    assert cpu_alone.returncode == 0, cpu_alone.stderr
    outputs = _outputs(cpu_page)
    assert "recorded for the TPU" in outputs["tpu-v5e"]
    assert "Shown from its record records/compiled-for/tpu-v5e/dense.py.txt: this build ran the CPU alone" \
        in outputs["tpu-v5e"]
    assert "No output for H100: this build ran the CPU alone (LIVE_TARGETS), and there is no record of it." \
        in outputs["h100"]


def test_the_last_job_finds_the_targets_results_by_their_recorded_identity_without_the_environments(target_site,
                                                                                                     tmp_path):
    """The published build's site job carries each job's results, not its environments (about 1 GB
    each): with LIVE_CACHED_ONLY it reads each environment's identity from its results
    (environment.identity) and shows the outputs, making no environment and running nothing."""
    from tinysite import mkdocs_build
    folder = target_site[0]
    for key in ("tpu", "cuda12"):
        recorded = json.loads((folder / ".cache" / "live" / f"target-{key}" / "results" / "environment.identity").read_text())
        assert recorded["version"] == key and set(recorded["identity"]) == {"toolchain", "packages"}
    nowhere = tmp_path / "no-environments"  # where this build would look for (and make) them
    built = mkdocs_build(folder, "--strict", LIVE_CACHED_ONLY="1", LIVE_TARGET_ENVIRONMENTS=str(nowhere))
    assert built.returncode == 0, built.stderr
    assert "making the environment" not in built.stderr and not nowhere.exists()
    outputs = _outputs((folder / "site" / "index.html").read_text())
    assert "T(8,128)" in outputs["tpu-v5e"] and "HloModule jit__lambda" in outputs["h100"]


def test_a_snippet_that_fails_on_one_target_stops_the_strict_build_naming_it(target_site):
    from tinysite import mkdocs_build
    folder = target_site[0]
    (folder / "docs" / "index.md").write_text("# Tiny\n\n<!-- live: not_on_gpu.py targets=tpu-v5e,h100 -->\n")
    (folder / "snippets" / "not_on_gpu.py").write_text(NOT_ON_GPU)
    failed = mkdocs_build(folder, "--strict")
    assert failed.returncode != 0
    (line,) = [line for line in failed.stderr.splitlines() if "fails when compiled for" in line]
    assert line.endswith("docs/index.md:3: snippets/not_on_gpu.py fails when compiled for h100 (H100): "
                         "RuntimeError: no kernel for this GPU")


def test_a_first_serve_shows_the_targets_records_then_compiles_them_behind_the_page(tmp_path):
    """`mkdocs serve` with an empty cache: the page comes at once, each target's tab from its record
    (or saying there is none); once the CPU's snippets are in, the rebuild compiles for each target
    and the tabs show this machine's compiles."""
    from serving import Served
    make_target_site(tmp_path)
    records.accept(load_settings(tmp_path), "dense.py", "recorded for the TPU\n", "tpu-v5e")
    with Served(tmp_path) as served:
        first = _outputs(served.first_page)
        assert "recorded for the TPU" in first["tpu-v5e"]
        assert ("Shown from its record records/compiled-for/tpu-v5e/dense.py.txt: it has not been compiled "
                "for it on this machine yet") in first["tpu-v5e"]
        assert "No output for H100: it has not been compiled for it on this machine yet, and there is no " \
               "record of it." in first["h100"]
        compiled = served.wait_for("", lambda page: "T(8,128)" in _outputs(page).get("tpu-v5e", ""), 300)
    outputs = _outputs(compiled)
    assert "recorded for the TPU" not in outputs["tpu-v5e"] and "Shown from its record" not in outputs["tpu-v5e"]
    assert "HloModule jit__lambda" in outputs["h100"] and "No output for H100" not in outputs["h100"]


def test_a_build_starts_making_the_target_environments_it_lacks_as_it_starts(monkeypatch, tmp_path):
    """make_environments_early: one thread per missing environment a page's targets need, none
    for an environment already made, for targets LIVE_TARGETS leaves out, or under LIVE_CACHED_ONLY."""
    from live_engine import target_runs
    (tmp_path / "pyproject.toml").write_text("[tool.live]\n")
    settings = load_settings(tmp_path)
    made, existing = [], set()
    monkeypatch.setattr(target_runs, "ensure_env", lambda settings, key, log=None: made.append(key))
    monkeypatch.setattr(target_runs, "existing_env", lambda settings, key: key if key in existing else None)
    pages = {"docs/a.md": "<!-- live: a.py targets=tpu-v5e,h100 -->\n", "docs/b.md": "<!-- live: b.py -->\n"}

    def started(**variables: str) -> list[str]:
        for name in (TARGETS_VARIABLE, "LIVE_CACHED_ONLY"):
            monkeypatch.delenv(name, raising=False)
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        made.clear()
        for thread in target_runs.make_environments_early(pages, settings):
            thread.join()
        return sorted(made)

    assert started() == ["cuda12", "tpu"]
    assert started(**{TARGETS_VARIABLE: "tpu-v5e"}) == ["tpu"]
    assert started(**{TARGETS_VARIABLE: "cpu"}) == []
    assert started(LIVE_CACHED_ONLY="1") == []
    existing.add("tpu")
    assert started() == ["cuda12"]


def test_an_error_a_target_tab_shows_from_its_record_is_one_the_error_index_counts(monkeypatch, tmp_path):
    """With LIVE_TARGETS=cpu (the published build's CPU job) a target's tab shows its record: the
    errors in it are on the page, so the error index must find them there too."""
    from tinysite import make_project
    from live_engine.snippets import load_snippet
    from live_engine.target_runs import TargetOutcomes, with_target_outputs
    make_project(tmp_path, {"a.py": "print('fine')\n"}, 'records_dir = "records"\n')
    settings = load_settings(tmp_path)
    records.accept(settings, "a.py", "ValueError: only on the TPU\n", "tpu-v5e")
    pages = {"docs/x.md": "<!-- live: a.py targets=tpu-v5e,h100 -->\n"}
    snippets = {"a.py": load_snippet(settings.snippets_dir, "a.py")}
    monkeypatch.setenv(TARGETS_VARIABLE, "cpu")
    joined = with_target_outputs({"a.py": "fine\n"}, pages, snippets, TargetOutcomes(), settings)
    assert joined == {"a.py": "fine\n\nValueError: only on the TPU\n"}  # the H100 has no record: nothing to add


def test_a_target_environment_that_cannot_be_made_stops_the_strict_build_saying_which_and_why(tmp_path):
    """No network and nothing in uv's cache: one line names the environment, uv's reason and what to do."""
    from tinysite import mkdocs_build
    make_target_site(tmp_path)
    failed = mkdocs_build(tmp_path, "--strict", LIVE_TARGET_ENVIRONMENTS=str(tmp_path / "environments"),
                          UV_OFFLINE="1", UV_CACHE_DIR=str(tmp_path / "empty-uv-cache"))
    assert failed.returncode != 0
    (line,) = [line for line in failed.stderr.splitlines() if "could not be made" in line]
    assert "live: the tpu target environment: `uv pip install` failed, so its environment could not be made" in line
    assert "LIVE_TARGETS=cpu" in line and "network was disabled" in failed.stderr


def test_under_serve_a_target_whose_environment_cannot_be_made_shows_its_record_and_why(tmp_path):
    from serving import Served
    make_target_site(tmp_path)
    records.accept(load_settings(tmp_path), "dense.py", "recorded for the TPU\n", "tpu-v5e")
    with Served(tmp_path, LIVE_TARGET_ENVIRONMENTS=str(tmp_path / "environments"), UV_OFFLINE="1",
                UV_CACHE_DIR=str(tmp_path / "empty-uv-cache")) as served:
        said = "its compiler could not be set up on this machine (the tpu target environment: uv pip install failed"
        page = served.wait_for("", lambda page: said in _outputs(page).get("tpu-v5e", ""), 120)
    assert "recorded for the TPU" in _outputs(page)["tpu-v5e"]
