"""The published build's workflow (.github/workflows/docs.yml) runs every environment the site shows.

Its `environment` job runs one environment's snippets per matrix entry; the `site` job then
assembles the pages with LIVE_CACHED_ONLY, so an environment missing from the matrix would stop
the published build there, after every other job had run. This checks the list against the
settings and the targets instead, at once.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from live_engine.settings import load_settings
from live_engine.targets import ENVIRONMENTS, TARGETS

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "docs.yml"


def jobs() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]


def test_each_older_jax_and_each_target_environment_has_a_job_of_its_own():
    entries = jobs()["environment"]["strategy"]["matrix"]["include"]
    versions = {entry["versions"]: entry for entry in entries if entry["versions"] != "pinned"}
    assert set(versions) == set(load_settings(ROOT).jax_compare)
    assert all(entry["folder"] == f"jax-{version}" and entry["targets"] == "cpu" for version, entry in versions.items())
    by_folder = {entry["folder"]: set(entry["targets"].split(",")) for entry in entries if entry["versions"] == "pinned"}
    assert by_folder == {f"target-{key}": {name for name, target in TARGETS.items() if target.environment == key}
                         for key in ENVIRONMENTS}


def test_the_pinned_job_runs_the_cpu_alone_and_the_site_job_runs_nothing():
    found = jobs()
    pinned = next(step for step in found["pinned"]["steps"] if "mkdocs build" in step.get("run", ""))
    assert pinned["env"] == {"LIVE_VERSIONS": "pinned", "LIVE_TARGETS": "cpu"}
    assemble = next(step for step in found["site"]["steps"] if "mkdocs build" in step.get("run", ""))
    assert assemble["env"]["LIVE_CACHED_ONLY"] == "1" and assemble["env"]["LIVE_VERSIONS"] == "all"
    assert "LIVE_TARGETS" not in assemble["env"]  # every target
    assert found["site"]["needs"] == "environment" and found["environment"]["needs"] == "pinned"
    assert set(found["deploy"]["needs"]) == {"test", "site"}
