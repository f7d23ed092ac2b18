"""Read a per-pass dump folder: the pipelines in order, the passes that changed the
module in each, and the stage of the compiler each pass belongs to.

It reads the file names, the module headers and, to compare snapshots, their text,
and imports nothing from JAX.
"""

import re
from pathlib import Path

# A snapshot: module_NNNN.NAME.STEP.PIPELINE.after_PASS.before_NEXT.txt (spaces in the
# pipeline's and the passes' names become underscores). A pass that dumps while it runs
# (copy-insertion does) writes module_NNNN.NAME.STEP.PASS.after_WHAT.txt: no before_.
SNAPSHOT = re.compile(
    r"^module_\d+\.[^.]+\.(?P<step>\d{4})\.(?P<pipeline>[^.]+)\.after_(?P<after>[^.]+?)"
    r"(\.before_(?P<before>[^.]+))?\.txt$"
)

# The classifier: each changed pass is written PIPELINE/PASS and gets the stage of the
# first pattern that matches it. A pass no pattern matches is "unplaced", never dropped.
STAGES = [
    ("sharding", r"^(async-collective|pre-spmd-partitioner|spmd-partitioner|spmd-cleanup|sharding-removal)/"),
    ("simplification", r"^[^/]*simplification[^/]*/|/(cse|dce|tuple-simplifier)$"),
    ("layout assignment", r"/(layout-assignment|sub-byte-size-setter|shape-canonicalizer|literal-canonicalizer)$"),
    ("rewrites", r"^(SubbytePacker_pipeline|HLO_passes_through_layout_assignment|hlo_normalization)/"),
    ("library calls", r"^dot-library-passes/"),
    ("fusion", r"/[^/]*fusion[^/]*$"),
    ("collectives", r"/[^/]*(all-reduce|all-gather|collective)[^/]*$"),
    ("copy insertion", r"/copy-insertion$"),
    ("scheduling", r"^HLO_passes_after_scheduling/"),
]


def stage_of(pipeline, pass_name):
    for stage, pattern in STAGES:
        if re.search(pattern, f"{pipeline}/{pass_name}"):
            return stage
    return "unplaced"


def read_dump(folder):
    """The snapshots in the order they were written, and the names that did not parse."""
    snapshots, unparsed = [], []
    for path in sorted(Path(folder).glob("module_*.txt")):
        if not re.search(r"\.\d{4}\.", path.name):
            continue  # before_optimizations, cpu_after_optimizations and its reports
        match = SNAPSHOT.match(path.name)
        if match is None:
            unparsed.append(path.name)
            continue
        header = path.read_text().split("\n", 1)[0]
        snapshots.append({**match.groupdict(), "path": path, "scheduled": "is_scheduled=true" in header})
    return snapshots, unparsed


def changed_passes(snapshots):
    """(step, pipeline, pass) of every pass that changed the module, and each pipeline's runs."""
    pipelines = {}  # name -> number of runs (snapshots taken at its start)
    for s in snapshots:
        if s["before"] is not None:  # files written during a pass are not a pipeline's
            pipelines[s["pipeline"]] = pipelines.get(s["pipeline"], 0) + (s["after"] == "pipeline-start")
    # after_NAME where NAME is a pipeline of its own: a nested pipeline changed the
    # module. Its passes are listed under its own name, so it is not counted twice.
    passes = [
        (s["step"], s["pipeline"], s["after"])
        for s in snapshots
        if s["before"] is not None and s["after"] != "pipeline-start" and s["after"] not in pipelines
    ]
    return pipelines, passes


def report(folder, pipelines=True):
    """Print the pipelines (if asked), the stages, and where scheduling and buffer assignment come."""
    snapshots, unparsed = read_dump(folder)
    runs, passes = changed_passes(snapshots)
    if pipelines:
        print("pipelines in the order they start: runs, passes that changed the module")
        lines = []  # (step, text), printed in the order of the steps
        for name, count in runs.items():
            first = next(s["step"] for s in snapshots if s["pipeline"] == name)
            changed = ", ".join(p for _, pipeline, p in passes if pipeline == name) or "-"
            lines.append((first, f"{name:<38} {count}  {changed}"))
        during = [s for s in snapshots if s["before"] is None]
        for name in dict.fromkeys(s["pipeline"] for s in during):
            steps = [s["step"] for s in during if s["pipeline"] == name]
            lines.append((steps[0], f"{name:<38} -  {len(steps)} files written during the pass"))
        for step, text in sorted(lines):
            print(f"  {step} {text}")

    print("stages, in the order of their first changed pass:")
    print(f"  {'stage':<18} {'passes':>6}  {'first':<34} last")
    stages = {}
    for step, pipeline, name in passes:
        stages.setdefault(stage_of(pipeline, name), []).append((step, name))
    for stage, found in sorted(stages.items(), key=lambda item: item[1][0][0]):
        (first_step, first), (last_step, last) = found[0], found[-1]
        print(f"  {stage:<18} {len(found):>6}  {first_step} {first:<29} {last_step} {last}")
    unplaced = [f"{p}/{n}" for _, p, n in passes if stage_of(p, n) == "unplaced"]
    print("unplaced passes:", ", ".join(unplaced) or "none")
    print("file names not read:", ", ".join(unparsed) or "none")
    # A pass's snapshot against the pipeline snapshot before it: a pass may report a
    # change and leave the text exactly as it was.
    kept = []
    in_pipelines = [s for s in snapshots if s["before"] is not None]
    for before, after in zip(in_pipelines, in_pipelines[1:]):
        is_pass = after["after"] != "pipeline-start" and after["after"] not in runs
        if is_pass and after["path"].read_text() == before["path"].read_text():
            kept.append(f"{after['after']} ({after['step']})")
    print("reported a change, same text as the snapshot before:", ", ".join(kept) or "none")

    scheduled = [s for s in snapshots if s["scheduled"]]
    if scheduled:
        since = snapshots.index(scheduled[0])
        print(f"first scheduled module (is_scheduled=true): step {scheduled[0]['step']}, {scheduled[0]['pipeline']};",
              "all later ones scheduled:", all(s["scheduled"] for s in snapshots[since:]))
    else:
        print("no snapshot holds a scheduled module")
    final = next(Path(folder).glob("module_*.cpu_after_optimizations.txt"))
    assignment = next(Path(folder).glob("module_*.cpu_after_optimizations-buffer-assignment.txt"))
    print("cpu_after_optimizations.txt is the last snapshot's module:", final.read_text() == snapshots[-1]["path"].read_text())
    print("buffer assignment written after every snapshot:",
          assignment.stat().st_mtime_ns >= max(s["path"].stat().st_mtime_ns for s in snapshots))
