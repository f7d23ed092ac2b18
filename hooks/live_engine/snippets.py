"""Reading a snippet file: where it is, which section to show, what it needs to run.

A snippet is a plain Python file a reader can run with `python snippets/X.py`.
This module looks at it without running it: the source, its named sections, the
environment it sets before importing JAX, and the local modules it imports.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import importlib.util
import re
import textwrap
from pathlib import Path

SECTION_MARK = re.compile(r"^\s*# --8<-- \[(?P<kind>start|end):(?P<name>[\w.-]+)\]\s*$")


class SnippetError(Exception):
    """A snippet that cannot be used as written; the message says what to change."""


@dataclasses.dataclass(frozen=True)
class Snippet:
    """A snippet file, resolved inside the snippets folder, as its bytes were when it was read.

    Each file is read once. The source shown, the cache key and the code a worker runs
    all come from those bytes, so a file saved during a build cannot give its new
    output to the old source or file it under the old key.
    """

    name: str  # relative to the snippets folder: jaxpr/mlp.py
    file: Path  # absolute, resolved
    source: str
    env: tuple[tuple[str, str], ...]  # what it sets in os.environ before `import jax`
    dependencies: tuple[Path, ...]  # local modules it imports, found next to it
    code: bytes = b""  # the file's bytes as read: what runs
    digest: str = ""  # hash of those bytes and of each dependency's bytes as read

    def dependencies_changed(self) -> bool:
        """Does a local module on disk now differ from what was read? The snippet itself
        runs from `code`, but the modules it imports are read from disk when it runs."""
        try:
            now = {self.file: self.code} | {path: path.read_bytes() for path in self.dependencies}
        except OSError:  # deleted or unreadable since: certainly not what was read
            return True
        return _digest(self.file, now) != self.digest


def _digest(file: Path, contents: dict[Path, bytes]) -> str:
    """Hash of the files' names (relative to the snippet's folder) and bytes, in a fixed order."""
    sha = hashlib.sha256()
    for path in (file, *sorted(path for path in contents if path != file)):
        sha.update(str(path.relative_to(file.parent)).encode() + b"\0")
        sha.update(contents[path] + b"\0")
    return sha.hexdigest()


def load_snippet(snippets_dir: Path, name: str) -> Snippet:
    """Resolve `name` inside `snippets_dir` and read what the engine needs to know about it."""
    root = snippets_dir.resolve()
    file = (root / name).resolve()
    if not file.is_relative_to(root):
        raise SnippetError(f"{name} resolves to a file outside the snippets folder; keep snippets inside it")
    if not file.is_file():
        raise SnippetError(f"no snippet file snippets/{name}; create it, or fix the path (relative to snippets/)")
    contents = {file: file.read_bytes()}
    source, tree = _parse(file, root, contents[file])
    dependencies = tuple(sorted(_local_dependencies(file, file.parent, root, contents)))
    return Snippet(
        name=name,
        file=file,
        source=source,
        env=_prelude_environment(tree, name),
        dependencies=dependencies,
        code=contents[file],
        digest=_digest(file, contents),
    )


# Each file's bytes are parsed once per process: a build loads some 380 snippets, many of
# them importing the same helper modules, and `mkdocs serve` loads them all again at every
# rebuild. Keyed on the bytes, so a saved file is parsed again. The trees are only read.
@functools.lru_cache(maxsize=4096)
def _parse(file: Path, root: Path, data: bytes) -> tuple[str, ast.Module]:
    """Source text of the file's bytes (decoded as Python would, coding cookie included) and its syntax tree."""
    shown = f"snippets/{file.relative_to(root)}"
    try:
        source = importlib.util.decode_source(data)
    except (SyntaxError, UnicodeDecodeError, LookupError) as error:  # decode_source raises all three
        raise SnippetError(f"{shown}: cannot decode the file ({error}); save it as UTF-8") from None
    try:
        return source, ast.parse(source, filename=str(file))
    except SyntaxError as error:
        raise SnippetError(f"{shown}:{error.lineno}: SyntaxError: {error.msg}") from None


def shown_source(source: str, section: str | None) -> tuple[str, int]:
    """The source to display and the file line it starts on; section markers never show."""
    lines = source.splitlines()
    if section is None:
        return "\n".join(line for line in lines if not SECTION_MARK.match(line)).strip("\n"), 1
    inside, first, kept = False, 0, []
    for number, line in enumerate(lines, start=1):
        mark = SECTION_MARK.match(line)
        if mark and mark["name"] == section:
            inside = mark["kind"] == "start"
            first = first or (number + 1 if inside else 0)
            continue
        if inside and not mark:
            kept.append(line)
    if not first:
        names = sorted({m["name"] for m in map(SECTION_MARK.match, lines) if m})
        raise SnippetError(
            f"no section {section!r} (marked '# --8<-- [start:{section}]' ... '# --8<-- [end:{section}]'); "
            f"sections in this file: {', '.join(names) or 'none'}"
        )
    return textwrap.dedent("\n".join(kept)).strip("\n"), first


def _imports_jax(node: ast.stmt) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] in ("jax", "jaxlib") for alias in node.names)
    return isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("jax", "jaxlib")


def _prelude_environment(tree: ast.Module, name: str) -> tuple[tuple[str, str], ...]:
    """Literal `os.environ[...] = "..."` statements that run before the first `import jax`.

    JAX reads `JAX_*` variables when it is imported, so these decide which worker
    (one per distinct environment) may run the snippet. Only literal values can be
    known without running the file; anything else would silently get the wrong worker.
    """
    env: dict[str, str] = {}
    for node in tree.body:
        if _imports_jax(node):
            break
        if not _changes_environ(node):
            continue
        pair = _literal_environ_assignment(node)
        if pair is None:
            raise SnippetError(
                f"snippets/{name}:{node.lineno}: set the environment before `import jax` with literal strings, "
                f"as os.environ[\"NAME\"] = \"value\" or os.environ.setdefault(\"NAME\", \"value\")"
            )
        env[pair[0]] = pair[1]
    return tuple(sorted(env.items()))


def _is_environ(expr: ast.expr) -> bool:
    return ast.unparse(expr) in ("os.environ", "environ")


def _changes_environ(node: ast.stmt) -> bool:
    """Does this statement write to os.environ (an item, a method call, a del, os.putenv)?"""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Subscript) and isinstance(sub.ctx, (ast.Store, ast.Del)) and _is_environ(sub.value):
            return True
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute):
            if _is_environ(sub.func.value) and sub.func.attr not in ("get", "items", "keys", "values", "copy"):
                return True
            if ast.unparse(sub.func) in ("os.putenv", "os.unsetenv"):
                return True
    return False


def _literal_environ_assignment(node: ast.stmt) -> tuple[str, str] | None:
    try:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Subscript) and _is_environ(node.targets[0].value):
            key, value = ast.literal_eval(node.targets[0].slice), ast.literal_eval(node.value)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) \
                and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "setdefault" \
                and _is_environ(node.value.func.value) and len(node.value.args) == 2:
            key, value = (ast.literal_eval(arg) for arg in node.value.args)
        else:
            return None
    except ValueError:
        return None
    return (key, value) if isinstance(key, str) and isinstance(value, str) else None


def _local_dependencies(file: Path, folder: Path, root: Path, contents: dict[Path, bytes],
                        seen: set[Path] | None = None) -> set[Path]:
    """Modules `file` imports from the snippet's own folder (its sys.path[0]), followed recursively.

    Each one's bytes, read once, go into `contents` (which holds `file`'s already).
    """
    seen = set() if seen is None else seen
    for top in _imported_tops(file, root, contents[file]):
        for module in _module_files(folder / top):
            if module not in seen and module.resolve().is_relative_to(root):
                seen.add(module)
                contents[module] = module.read_bytes()
                _local_dependencies(module, folder, root, contents, seen)
    return seen


@functools.lru_cache(maxsize=4096)  # as _parse: once per file's bytes
def _imported_tops(file: Path, root: Path, data: bytes) -> tuple[str, ...]:
    """The first part of every module name the file imports absolutely (`import a.b`, `from a.b import c`: a)."""
    names: set[str] = set()
    for node in ast.walk(_parse(file, root, data)[1]):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return tuple(sorted(names))


def _module_files(stem: Path) -> list[Path]:
    if stem.with_suffix(".py").is_file():
        return [stem.with_suffix(".py")]
    if (stem / "__init__.py").is_file():
        return sorted(stem.rglob("*.py"))
    return []
