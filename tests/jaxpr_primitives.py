"""Every jaxpr primitive of the installed jax that docs/jaxpr-primitives.md must account for.

The walk: import the public modules below, then collect every `jax._src.core.Primitive` held in a
global variable of any loaded `jax` module (so a primitive that `jax.lax` uses but does not export
is found too). Which of them a public function can bind is a person's judgement, recorded in
tests/data/jaxpr_primitives.txt: names under `[listed]` have a row in the page's table, names
under `[left out]` are in its "Left out" table with the reason.

    uv run python tests/jaxpr_primitives.py              # rewrite the data file from a new walk
    uv run python tests/jaxpr_primitives.py --names      # print the walk's names, one a line
    uv run python tests/jaxpr_primitives.py --defined-in NAME...  # a "defined in" cell for each

Rewriting keeps every decision already in the file: a name the walk still finds stays where it is,
a name jax no longer has is dropped, and a new name goes under `[listed]` (and is printed) until a
person gives it a row or moves it under `[left out]`. tests/test_reference.py fails until the
page and the file agree, and when a walk of the installed jax finds a name the file lacks.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "jaxpr_primitives.txt"

# The public API the walk starts from: jax itself (its transformations: grad, vmap, jit, checkpoint,
# custom_jvp/custom_vjp, shard_map, the callbacks), the numerical namespaces, and Pallas's
# backend-independent core. Pallas's backend modules (jax.experimental.pallas.tpu, .tpu_sc,
# .mosaic_gpu, .triton) are not imported: their own primitives exist only inside kernels for one
# backend. What these imports load in turn (jax.export, jax.experimental.checkify, ...) is walked too.
PUBLIC_MODULES = ("jax", "jax.lax", "jax.numpy", "jax.nn", "jax.random", "jax.scipy.special",
                  "jax.scipy.linalg", "jax.experimental.pallas", "jax.ad_checkpoint", "jax.debug")
LISTED, LEFT_OUT = "[listed]", "[left out]"
JAX_AT_TAG = "https://github.com/jax-ml/jax/blob/jax-v{version}/"


def walk() -> dict[str, list[tuple[str, str]]]:
    """Primitive name -> the (module, variable) pairs that hold it, over every loaded jax module."""
    for name in PUBLIC_MODULES:
        importlib.import_module(name)
    from jax._src import core

    found: dict[str, list[tuple[str, str]]] = {}
    for module_name, module in sorted(sys.modules.items()):
        if module is None or not (module_name == "jax" or module_name.startswith("jax.")):
            continue
        for variable, value in sorted(vars(module).items()):
            if isinstance(value, core.Primitive):
                found.setdefault(value.name, []).append((module_name, variable))
    return found


def read(path: Path = DATA) -> tuple[str, list[str], list[str]]:
    """(jax version, listed names, left-out names) of the data file."""
    version, sections = "", {LISTED: [], LEFT_OUT: []}
    current = None
    for line in path.read_text(encoding="utf-8").split("\n"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("jax "):
            version = line.split()[1]
        elif line in sections:
            current = sections[line]
        elif current is not None:
            current.append(line)
    return version, sections[LISTED], sections[LEFT_OUT]


def write(version: str, listed: list[str], left_out: list[str], found: int, path: Path = DATA) -> None:
    header = f"""\
# The jaxpr primitives of jax {version} that docs/jaxpr-primitives.md accounts for, one a line.
# Made by `uv run python tests/jaxpr_primitives.py`, which imports
#   {', '.join(PUBLIC_MODULES)}
# and collects every jax._src.core.Primitive held in a global variable of a loaded jax module
# ({found} primitives). [listed]: a public function binds it; the page's table has its row.
# [left out]: no public function binds it where a jaxpr shows it; the page's "Left out" table says why.
# Rerun after moving the pin: decisions are kept, vanished names dropped, new names added to [listed].
"""
    body = [f"jax {version}", "", LISTED, *sorted(listed), "", LEFT_OUT, *sorted(left_out)]
    path.write_text(header + "\n".join(body) + "\n", encoding="utf-8")


def defined_in(name: str, holders: list[tuple[str, str]], version: str) -> str:
    """The page's "defined in" cell: the variable and a link to the line that creates the primitive,
    found as tests/test_reference.py checks it (the line assigns the variable, alone or among a
    tuple's targets, and the name is quoted there or in the four lines after it)."""
    import jax

    site = Path(jax.__file__).resolve().parent.parent
    for module_name, variable in sorted(holders, key=lambda h: (not h[0].startswith("jax._src"), h)):
        file = getattr(sys.modules[module_name], "__file__", None)
        if not file:
            continue
        lines = Path(file).read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines, start=1):
            if creates(line, variable) and quoted(name, variable, lines[number - 1:number + 4]):
                path = Path(file).resolve().relative_to(site).as_posix()
                short = path.removeprefix("jax/_src/")
                return f"`{variable}` in [{short}:{number}]({JAX_AT_TAG.format(version=version)}{path}#L{number})"
    return f"(no line creates it by name: {', '.join(f'{m}.{v}' for m, v in holders)})"


def creates(line: str, variable: str) -> bool:
    """Whether a line assigns `variable`, alone (`x_p = ...`, `x_p: T = ...`) or among a tuple's
    targets (`x_p, x_p_wrapper = (`)."""
    target = r"[A-Za-z_]\w*"
    return bool(re.match(rf"(?:{target}\s*,\s*)*{re.escape(variable)}\s*(?:,\s*{target}\s*)*(?::[^=]*)?=(?!=)",
                         line))


def quoted(name: str, variable: str, lines: list[str]) -> bool:
    """Whether the primitive's name is quoted in these lines: whole, or, for the second variable of
    a pair a factory makes (`..._p_wrapper`), as the stem the factory adds `_wrapper` to."""
    text = "\n".join(lines)
    names = [name] + ([name.removesuffix("_wrapper")] if variable.endswith("_wrapper") else [])
    return any(re.search(rf"""(['"]){re.escape(n)}\1""", text) for n in names)


def main(argv: list[str]) -> None:
    import jax

    found = walk()
    if argv[:1] == ["--names"]:
        print("\n".join(sorted(found)))
        return
    if argv[:1] == ["--defined-in"]:
        for name in argv[1:]:
            print(f"{name}: {defined_in(name, found.get(name, []), jax.__version__)}")
        return
    if argv:
        raise SystemExit(__doc__)
    _, listed, left_out = read() if DATA.is_file() else ("", [], [])
    kept = set(listed) | set(left_out)
    new = sorted(set(found) - kept)
    gone = sorted(kept - set(found))
    write(jax.__version__, [n for n in listed if n in found] + new, [n for n in left_out if n in found],
          len(found))
    print(f"{DATA.relative_to(ROOT)}: {len(found)} primitives in jax {jax.__version__}")
    for name in new:
        print(f"new, under [listed] until a person decides: {name}  "
              f"{defined_in(name, found[name], jax.__version__)}")
    for name in gone:
        print(f"dropped, jax no longer has it: {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
