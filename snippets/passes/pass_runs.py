"""Which XLA passes ran during one compilation, and which of them changed the module.

It compiles a function twice with per-pass dumps. With `xla_dump_hlo_pass_re` set to
`.+`, XLA writes a snapshot after every pass that matches, changed or not, so the
file names list every pass that ran, in order. With `.*` it writes one only after a
pass that reported a change. Reads file names only; imports nothing from the site.
"""

import re
import shutil
from pathlib import Path

import jax

# module_NNNN.NAME.STEP.PIPELINE.after_PASS[.before_NEXT].txt; spaces in the names are
# underscores. A pass that dumps while it runs (copy-insertion) writes no before_.
SNAPSHOT = re.compile(
    r"^module_\d+\.[^.]+\.(?P<step>\d{4})\.(?P<pipeline>[^.]+)\.after_(?P<after>[^.]+?)"
    r"(\.before_(?P<before>[^.]+))?\.txt$"
)
# ApplyXlaTransforms is named apply-xla-transforms-N, N counted up by each new instance
# in the process, so the same pass gets another number in the next compilation.
NUMBERED = re.compile(r"^(apply-xla-transforms)-\d+$")


def pass_runs(names):
    """(pipeline, pass) for each snapshot file name, in the order written. The snapshot
    at a pipeline's start, and the one its parent writes when a nested pipeline changed
    the module, are left out: those are pipelines, not passes."""
    snaps = [m.groupdict() for n in sorted(names) if (m := SNAPSHOT.match(n))]
    # A pipeline writes a snapshot when it starts. copy-insertion writes files while it
    # runs, under its own name, but it is a pass: it has no start snapshot.
    pipelines = list(dict.fromkeys(s["pipeline"] for s in snaps if s["after"] == "pipeline-start"))
    runs = []
    for s in snaps:
        if s["after"] == "pipeline-start" or s["after"] in pipelines:
            continue
        runs.append((s["pipeline"], NUMBERED.sub(r"\1-N", s["after"])))
    return runs, pipelines


def dump(fn, args, regex, folder, options):
    shutil.rmtree(folder, ignore_errors=True)
    options = {**options, "xla_dump_to": folder, "xla_dump_hlo_pass_re": regex}
    jax.jit(fn).lower(*args).compile(options)
    return [p.name for p in Path(folder).iterdir()]


def ran_and_changed(fn, args, folder, options=None):
    """(runs, changed, pipelines): every (pipeline, pass) that ran, those that changed."""
    ran, pipelines = pass_runs(dump(fn, args, ".+", folder + "_all", options or {}))
    changed, _ = pass_runs(dump(fn, args, ".*", folder + "_changed", options or {}))
    return ran, changed, pipelines
