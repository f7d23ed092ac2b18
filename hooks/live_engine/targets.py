"""Compile targets: the hardware a snippet's program is compiled for, besides this machine's CPU.

A directive with `targets=tpu-v5e,h100` runs its snippet once more per target. Each run
takes place in that target's environment (made by versions.py like an older JAX's, at
CACHE/target-KEY/): the pinned jax and jaxlib and the compiler plugin of that hardware
(libtpu; the CUDA PJRT plugin). The snippet is told its target by the LIVE_TARGET variable,
which snippets/target.py reads: it hands out compile-only devices of a TPU topology or of a
GPU described by the target config that the pinned CUDA plugin carries, so a machine without
the chips compiles what the chips would run. On a machine with the device, the same snippet
uses the real one (snippets/target.py says how).

Data only here: which targets exist and what each environment holds. target_runs.py runs them.
"""

from __future__ import annotations

import dataclasses
import os

# Where a reader or a build says which targets to run: LIVE_TARGETS=cpu runs the CPU alone
# (offline, or to skip the plugins' environments); unset, every target a page names runs.
TARGETS_VARIABLE = "LIVE_TARGETS"
CPU = "cpu"


@dataclasses.dataclass(frozen=True)
class TargetEnvironment:
    """One environment shared by the targets whose compiler is the same plugin."""

    key: str  # its folder is CACHE/target-KEY
    label: str
    packages: tuple[str, ...]  # besides jax and jaxlib; {jax} is the pinned version
    # Set for every snippet run in it. JAX_PLATFORMS=cpu: this machine has no such chip, and a
    # JAX that looked for one would spend time and print warnings before falling back; the
    # compile-only devices come from the plugin all the same (snippets/target.py).
    variables: tuple[tuple[str, str], ...]


@dataclasses.dataclass(frozen=True)
class Target:
    name: str  # as a directive writes it
    label: str  # as its tab shows it
    environment: str  # a key of ENVIRONMENTS


ENVIRONMENTS = {
    # jax[tpu] pins the libtpu release built with this jaxlib. Two processes loading libtpu at once
    # fail on its lock file (/tmp/libtpu_lockfile) unless told they may: the workers run in parallel.
    "tpu": TargetEnvironment("tpu", "TPU compiler (libtpu)", ("jax[tpu]=={jax}",),
                             (("ALLOW_MULTIPLE_LIBTPU_LOAD", "1"), ("JAX_PLATFORMS", "cpu"))),
    # The CUDA plugin alone (about 1 GB), not jax[cuda12]'s 4.4 GB of NVIDIA wheels: compiling
    # to optimized HLO needs none of them. Its constraints check looks for those wheels; skipped.
    "cuda12": TargetEnvironment("cuda12", "CUDA compiler (jax-cuda12-plugin)",
                                ("jax-cuda12-plugin=={jax}", "jax-cuda12-pjrt=={jax}"),
                                (("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1"), ("JAX_PLATFORMS", "cpu"))),
}

TARGETS = {
    target.name: target for target in (
        Target("tpu-v5e", "TPU v5e", "tpu"),
        Target("tpu-v6e", "TPU v6e", "tpu"),
        Target("h100", "H100", "cuda12"),
        Target("a100", "A100", "cuda12"),
    )
}


def parse_targets(value: str) -> tuple[str, ...]:
    """`tpu-v5e,h100` -> ("tpu-v5e", "h100"); ValueError naming the known targets otherwise."""
    names = tuple(name.strip() for name in value.split(","))
    unknown = [name for name in names if name not in TARGETS]
    if unknown or not names:
        raise ValueError(f"names an unknown target {', '.join(map(repr, unknown))}; known targets: "
                         f"{', '.join(TARGETS)} (the CPU's output is always shown first)")
    if len(set(names)) != len(names):
        raise ValueError("names a target twice")
    return names


def wanted_targets(environ: dict[str, str] | None = None) -> tuple[str, ...] | None:
    """The targets this build runs: None for every one a page names; () for the CPU alone."""
    value = (os.environ if environ is None else environ).get(TARGETS_VARIABLE, "").strip()
    if not value or value == "all":
        return None
    if value == CPU:
        return ()
    return parse_targets(value)


def run_variables(name: str) -> tuple[tuple[str, str], ...]:
    """What a snippet run for target `name` has in its environment besides its own variables."""
    target = TARGETS[name]
    return (("LIVE_TARGET", name), *ENVIRONMENTS[target.environment].variables)
