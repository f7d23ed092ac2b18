"""The layout of hooks/: the MkDocs hooks at the top, each one's helpers in a package of its own.

The rule (README, "Layout"): `hooks/` holds at its top the files `mkdocs.yml` names as hooks,
and folders. A helper package belongs to one hook (or is the authors' commands); nothing imports
across two of them except through `live_engine`, which all may use. A hook imports no other
hook, and neither the engine nor the lexers import anything of hooks/ but themselves.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "hooks"
SHARED = {"live_engine"}  # any hook or package may import it
STANDALONE = {"live_engine", "lexers"}  # import nothing of hooks/ but themselves
COMMANDS = "author_commands"  # no hook imports it
AUTHOR_COMMANDS = ["move_pin.py", "recipe_notebooks.py"]


def hook_files(config: Path) -> set[str]:
    """The hooks `mkdocs.yml` names, as paths relative to hooks/."""
    hooks = yaml_load(config.read_text(encoding="utf-8")).get("hooks", [])
    return {str(Path(hook).relative_to("hooks")) for hook in hooks}


def imported_roots(file: Path) -> set[str]:
    """The top-level names an absolute import in `file` reaches (relative imports stay in its package)."""
    roots = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"), str(file))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def layout_problems(hooks: Path, doors: set[str]) -> list[str]:
    """Every way `hooks` breaks the rule, given the hook files `doors` (names like 'live.py')."""
    problems = []
    tops = {path.name for path in hooks.iterdir() if path.suffix == ".py"}
    problems += [f"hooks/{name}: not a hook mkdocs.yml names; move it into the package of the hook that uses it"
                 for name in sorted(tops - doors)]
    packages = {path.name for path in hooks.iterdir() if path.is_dir() and not path.name.startswith((".", "__"))}
    local = {Path(name).stem for name in tops} | packages  # what an import of hooks/ can reach
    users: dict[str, set[str]] = {}  # helper package -> the hooks that import it
    for file in sorted(hooks.rglob("*.py")):
        where = file.relative_to(hooks)
        home = where.parts[0] if len(where.parts) > 1 else where.stem
        for root in sorted(imported_roots(file) & local - {home} - SHARED):
            if home in STANDALONE:
                problems.append(f"hooks/{where}: imports {root}; {home} imports nothing of hooks/ but itself")
            elif root in {Path(name).stem for name in tops}:
                problems.append(f"hooks/{where}: imports the hook {root}; share code through live_engine")
            elif home in packages:
                problems.append(f"hooks/{where}: imports {root}, another hook's package; share code through live_engine")
            elif root == COMMANDS:
                problems.append(f"hooks/{where}: imports {COMMANDS}, which are commands, not part of a build")
            else:
                users.setdefault(root, set()).add(home)
    problems += [f"hooks/{package}/: imported by the hooks {', '.join(sorted(doors_using))}; give each its own "
                 f"package, and share code through live_engine" for package, doors_using in sorted(users.items())
                 if len(doors_using) > 1]
    problems += [f"hooks/{package}/__init__.py: missing; its first line says what the package is for and who uses it"
                 for package in sorted(packages - STANDALONE) if not (hooks / package / "__init__.py").is_file()]
    return problems


def test_the_real_hooks_folder_follows_the_rule():
    doors = hook_files(ROOT / "mkdocs.yml")
    assert doors and all((HOOKS / door).is_file() for door in doors), doors
    assert layout_problems(HOOKS, doors) == []


def write_files(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.mark.parametrize("files, problem", [
    ({"helper.py": ""}, "hooks/helper.py: not a hook mkdocs.yml names"),
    ({"a.py": "import b\n"}, "hooks/a.py: imports the hook b"),
    ({"a.py": "from a_parts import x\n", "b.py": "from a_parts.x import y\n"},
     "hooks/a_parts/: imported by the hooks a, b"),
    ({"b_parts/x.py": "from a_parts.x import y\n"}, "hooks/b_parts/x.py: imports a_parts, another hook's package"),
    ({"live_engine/x.py": "import a_parts\n"}, "hooks/live_engine/x.py: imports a_parts; live_engine imports nothing"),
    ({"a.py": "from author_commands import move_pin\n"}, "hooks/a.py: imports author_commands"),
    ({"c_parts/x.py": ""}, "hooks/c_parts/__init__.py: missing"),
])
def test_the_check_finds_each_kind_of_break(tmp_path, files, problem):
    write_files(tmp_path, {"a.py": "from a_parts import x\nfrom live_engine import y\n", "b.py": "import b_parts\n",
                           "a_parts/__init__.py": "", "a_parts/x.py": "from . import y\nimport live_engine\n",
                           "b_parts/__init__.py": "", "live_engine/__init__.py": "",
                           "author_commands/__init__.py": "", "author_commands/move_pin.py": "import live_engine\n"})
    assert layout_problems(tmp_path, {"a.py", "b.py"}) == []
    write_files(tmp_path, files)
    found = layout_problems(tmp_path, {"a.py", "b.py"})
    assert len(found) == 1 and found[0].startswith(problem), found


@pytest.mark.parametrize("command", AUTHOR_COMMANDS)
def test_each_author_command_starts_from_the_repository_root_as_documented(command):
    """`uv run python hooks/author_commands/NAME.py` runs there; `-h` only prints its usage."""
    run = subprocess.run([sys.executable, f"hooks/{COMMANDS}/{command}", "-h"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 and "usage" in run.stdout.lower(), run.stdout + run.stderr


def test_every_command_the_readme_and_the_authors_pages_give_names_a_file_that_exists():
    texts = {path: path.read_text(encoding="utf-8") for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]}
    commands = {(path.name, found) for path, text in texts.items()
                for found in re.findall(r"uv run python (hooks/[\w/]+\.py)", text)}
    assert {found for _, found in commands} >= {f"hooks/{COMMANDS}/{command}" for command in AUTHOR_COMMANDS}
    assert [f"{page}: {found}" for page, found in sorted(commands) if not (ROOT / found).is_file()] == []
