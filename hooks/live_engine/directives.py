"""Finding and parsing `<!-- live: path option=value ... -->` lines in a chapter.

Pure text in, dataclasses out: no file system, no MkDocs, no Sybil. Both front
doors call `parse_page`, so the build and `pytest docs/` see the same directives.
"""

from __future__ import annotations

import dataclasses
import re
import shlex
from collections.abc import Callable

from .targets import parse_targets

# A line that *looks* like a live directive; if it does not also match DIRECTIVE
# it is malformed, and we say so rather than leave a dead comment on the page.
CANDIDATE = re.compile(r"^[ \t]*<!--\s*live\b")
DIRECTIVE = re.compile(r"^(?P<indent>[ \t]*)<!--\s*live:\s*(?P<args>.*?)\s*-->[ \t]*$")
# CommonMark: a backtick fence's info string may not hold a backtick, so a line
# that starts with inline code such as ```` ```python ```` opens no fence.
FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}(?=[^`]*$)|~{3,})")

SOURCE_MODES = ("show", "hide", "fold")
OUTPUT_MODES = ("show", "hide")
OUTPUT_LANGS = ("auto", "text", "jaxpr", "stablehlo", "hlo", "python")
MAP_MODES = ("none", "source")
SUMMARY_MODES = ("show", "hide")
PICTURE_MODES = ("hide", "show")
DEFAULT_LABELS = ("Before", "After")


class DirectiveError(Exception):
    """A directive the engine cannot honour, with the chapter line it came from."""

    def __init__(self, page: str, line: int, message: str):
        super().__init__(f"{page}:{line}: {message}")
        self.page, self.line, self.message = page, line, message


@dataclasses.dataclass(frozen=True)
class Directive:
    """One `<!-- live: ... -->` line of a chapter."""

    page: str  # the chapter, as shown in errors: docs/jaxpr.md
    line: int  # 1-based line of the directive in the chapter
    start: int  # character offsets of the whole line, newline excluded
    end: int
    indent: str  # the directive's own indentation, reused for what it expands to
    path: str  # relative to the snippets folder: jaxpr/mlp.py
    section: str | None = None
    source: str = "show"
    output: str = "show"
    lang: str = "auto"
    timeout: float | None = None
    map: str = "none"  # "source": lines of the source and of the IR they produced point at each other
    compare: str | None = None  # a second snippet: tabs for both and a third with their diff (compare.py)
    labels: tuple[str, str] = DEFAULT_LABELS  # the two tabs' labels when comparing
    summary: str = "show"  # when comparing: a table of counts above the diff
    picture: str = "hide"  # "show": an SVG of the HLO graph after the output (graph.py)
    targets: tuple[str, ...] = ()  # compile targets besides the CPU, each output in its own tab (targets.py)

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def paths(self) -> tuple[str, ...]:
        """Every snippet this directive runs: its own, and the one it is compared with."""
        return (self.path, self.compare) if self.compare else (self.path,)


def _one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def check(value: str) -> str:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value

    return check


def _section_name(value: str) -> str:
    if not re.fullmatch(r"[\w.-]+", value):
        raise ValueError("must be a name made of letters, digits, '_', '-' or '.'")
    return value


MAX_TIMEOUT = 24 * 3600.0


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds <= MAX_TIMEOUT:
        raise ValueError(f"must be a positive number of seconds, at most {MAX_TIMEOUT:g}")
    return seconds


def _snippet_path(value: str) -> str:
    problem = _path_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def _labels(value: str) -> tuple[str, str]:
    labels = tuple(label.strip() for label in value.split(","))
    if len(labels) != 2 or not all(re.fullmatch(r"[\w .()/+-]+", label) for label in labels):
        raise ValueError('must be two labels separated by a comma, such as "Forward,Gradient" '
                         "(letters, digits, spaces and . ( ) / + -)")
    return labels  # type: ignore[return-value]


# option name -> converter that raises ValueError with what a valid value looks like
OPTIONS: dict[str, Callable[[str], object]] = {
    "section": _section_name,
    "source": _one_of(SOURCE_MODES),
    "output": _one_of(OUTPUT_MODES),
    "lang": _one_of(OUTPUT_LANGS),
    "timeout": _seconds,
    "map": _one_of(MAP_MODES),
    "compare": _snippet_path,
    "labels": _labels,
    "summary": _one_of(SUMMARY_MODES),
    "picture": _one_of(PICTURE_MODES),
    "targets": parse_targets,
}

USAGE = "<!-- live: path/to/snippet.py [" + "] [".join(f"{name}=..." for name in OPTIONS) + "] -->"


@dataclasses.dataclass
class ParsedPage:
    """Every directive of one chapter, and every line that tried to be one and failed."""

    directives: list[Directive]
    errors: list[DirectiveError]


def parse_page(text: str, page: str) -> ParsedPage:
    """Find the directives of a chapter, skipping fenced code blocks (they show syntax, not requests)."""
    parsed = ParsedPage([], [])
    fence: str | None = None
    offset = 0
    # Only '\n' ends a line, as in editors and in Sybil; str.splitlines() would also
    # break at form feeds and Unicode separators and so misnumber the lines.
    for number, line in enumerate(text.split("\n"), start=1):
        line += "\n"
        start, body = offset, line.rstrip("\r\n")
        offset += len(line)
        opener = FENCE.match(body)
        if fence is not None:
            if opener and opener["fence"][0] == fence[0] and len(opener["fence"]) >= len(fence) \
                    and not body.strip().strip(fence[0]):
                fence = None
            continue
        if opener:
            fence = opener["fence"]
            continue
        if not CANDIDATE.match(body):
            continue
        try:
            parsed.directives.append(_parse_line(body, page, number, start))
        except DirectiveError as error:
            parsed.errors.append(error)
    return parsed


def _parse_line(body: str, page: str, number: int, start: int) -> Directive:
    match = DIRECTIVE.match(body)
    if not match:
        raise DirectiveError(page, number, f"malformed live directive; write it on one line as {USAGE}")
    try:
        if "\\" in match["args"]:  # shlex would silently eat it: pipeline\x.py -> pipelinex.py
            raise ValueError("no backslashes; write paths with '/'")
        words = shlex.split(match["args"])
    except ValueError as error:
        raise DirectiveError(page, number, f"cannot split the directive's arguments: {error}") from None
    if not words or "=" in words[0]:
        raise DirectiveError(page, number, f"a live directive starts with the snippet's path: {USAGE}")
    path, options = words[0], {}
    _check_path(path, page, number)
    for word in words[1:]:
        name, equals, value = word.partition("=")
        if not equals:
            raise DirectiveError(page, number, f"option {word!r} needs a value: write {word}=...")
        if name not in OPTIONS:
            raise DirectiveError(page, number, f"unknown option {name!r}; known options: {', '.join(OPTIONS)}")
        if name in options:
            raise DirectiveError(page, number, f"option {name!r} is given twice")
        try:
            options[name] = OPTIONS[name](value)
        except ValueError as error:
            raise DirectiveError(page, number, f"option {name}={value!r} {error}") from None
    if "compare" not in options and ("labels" in options or "summary" in options):
        raise DirectiveError(page, number, "options labels= and summary= need compare=OTHER.py")
    if "compare" in options and options.get("output") == "hide":
        raise DirectiveError(page, number, "compare= shows both outputs; it cannot go with output=hide")
    if "targets" in options and ("compare" in options or options.get("output") == "hide"):
        raise DirectiveError(page, number, "targets= shows one output per target in tabs; it cannot go with "
                                           "compare= or output=hide")
    if options.get("picture") == "show" and options.get("output") == "hide":
        raise DirectiveError(page, number, "picture=show draws the output under it; it cannot go with output=hide")
    return Directive(page, number, start, start + len(body), match["indent"], path, **options)


def _check_path(path: str, page: str, number: int) -> None:
    problem = _path_problem(path)
    if problem:
        raise DirectiveError(page, number, problem)


def _path_problem(path: str) -> str | None:
    if path.startswith("/") or "\\" in path:
        return f"snippet path {path!r} must be relative to the snippets folder, with '/'"
    if ".." in path.split("/"):
        return f"snippet path {path!r} must stay inside the snippets folder (no '..')"
    if not re.fullmatch(r"[\w./-]+", path):
        return f"snippet path {path!r} may hold only letters, digits, '_', '-', '.' and '/'"
    if not path.endswith(".py"):
        return f"snippet path {path!r} must name a Python file (*.py)"
    return None
