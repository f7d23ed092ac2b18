from __future__ import annotations

import pytest

from live_engine.directives import (
    OPTIONS,
    OUTPUT_LANGS,
    OUTPUT_MODES,
    MAP_MODES,
    SOURCE_MODES,
    Directive,
    DirectiveError,
    parse_page,
)

PAGE = "docs/page.md"


def only_directive(text: str) -> Directive:
    parsed = parse_page(text, PAGE)
    assert parsed.errors == []
    assert len(parsed.directives) == 1
    return parsed.directives[0]


def only_error(text: str) -> DirectiveError:
    parsed = parse_page(text, PAGE)
    assert parsed.directives == []
    assert len(parsed.errors) == 1
    return parsed.errors[0]


# --- valid directives ---------------------------------------------------------


@pytest.mark.parametrize("path", ["square.py", "pipeline/jaxpr.py", "a/b/c.py", "v1..v2.py", "./square.py"])
def test_the_first_word_is_the_snippet_path(path):
    assert only_directive(f"<!-- live: {path} -->").path == path


def test_a_bare_directive_has_default_options():
    directive = only_directive("<!-- live: square.py -->")
    assert (directive.section, directive.source, directive.output, directive.lang, directive.timeout) == (
        None, "show", "show", "auto", None,
    )


VALID_OPTIONS = [
    ("section=intro", "section", "intro"),
    ("section=part_2.a-b", "section", "part_2.a-b"),
    ('section="quoted"', "section", "quoted"),
    *[(f"source={mode}", "source", mode) for mode in SOURCE_MODES],
    *[(f"output={mode}", "output", mode) for mode in OUTPUT_MODES],
    *[(f"lang={lang}", "lang", lang) for lang in OUTPUT_LANGS],
    ("timeout=2", "timeout", 2.0),
    ("timeout=0.5", "timeout", 0.5),
    *[(f"map={mode}", "map", mode) for mode in MAP_MODES],
    ("compare=pipeline/after.py", "compare", "pipeline/after.py"),
    ('labels="One device,Eight devices" compare=b.py', "labels", ("One device", "Eight devices")),
    ("summary=hide compare=b.py", "summary", "hide"),
    ("picture=show", "picture", "show"),
    ("targets=tpu-v5e,h100", "targets", ("tpu-v5e", "h100")),
]


@pytest.mark.parametrize(("option", "field", "value"), VALID_OPTIONS)
def test_each_option_sets_its_field(option, field, value):
    assert getattr(only_directive(f"<!-- live: square.py {option} -->"), field) == value


def test_the_option_table_covers_every_known_option():
    assert {option.partition("=")[0] for option, _, _ in VALID_OPTIONS} == set(OPTIONS)


def test_options_combine_in_any_order():
    directive = only_directive("<!-- live: square.py timeout=9 lang=hlo source=fold output=hide section=s -->")
    assert (directive.section, directive.source, directive.output, directive.lang, directive.timeout) == (
        "s", "fold", "hide", "hlo", 9.0,
    )


@pytest.mark.parametrize(
    "line",
    ["<!--live:square.py-->", "<!--   live:   square.py    -->", "<!-- live: square.py -->   ", "<!-- live: square.py -->\t"],
)
def test_spacing_inside_and_after_the_comment_is_free(line):
    assert only_directive(line).path == "square.py"


@pytest.mark.parametrize("indent", ["", "  ", "    ", "\t", "        "])
def test_the_directive_indentation_is_kept(indent):
    assert only_directive(f"{indent}<!-- live: square.py -->\n").indent == indent


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_start_and_end_slice_exactly_the_directive_line(newline):
    lines = ["# Title", "", "Some text.", "  <!-- live: a.py source=hide -->  ", "more", "<!-- live: b.py -->", "end"]
    text = newline.join(lines) + newline
    directives = parse_page(text, PAGE).directives
    assert [text[d.start:d.end] for d in directives] == [lines[3], lines[5]]


def test_line_numbers_are_one_based():
    text = "<!-- live: first.py -->\n\n# Title\n<!-- live: fourth.py -->\n"
    assert [(d.line, d.path) for d in parse_page(text, PAGE).directives] == [(1, "first.py"), (4, "fourth.py")]


def test_where_names_the_page_and_line():
    assert only_directive("\n\n<!-- live: a.py -->").where == "docs/page.md:3"


@pytest.mark.parametrize("separator", ["\u2028", "\x0c", "\x85"])
def test_line_numbers_count_only_newlines(separator):
    text = f"one{separator}still line one\n<!-- live: a.py -->\n"
    assert only_directive(text).line == 2


@pytest.mark.parametrize(
    "line",
    ["<!-- a comment -->", "<!-- livestock -->", "<!-- not live: a.py -->", "text <!-- live: a.py -->", "live: a.py"],
)
def test_other_lines_and_comments_are_not_directives(line):
    parsed = parse_page(line + "\n", PAGE)
    assert (parsed.directives, parsed.errors) == ([], [])


def test_a_page_reports_its_directives_and_its_malformed_lines_together():
    parsed = parse_page("<!-- live: good.py -->\n<!-- live: bad.py colour=red -->\n<!-- live: also.py -->\n", PAGE)
    assert [d.path for d in parsed.directives] == ["good.py", "also.py"]
    assert [e.line for e in parsed.errors] == [2]


# --- fenced code blocks ---------------------------------------------------------

FENCED = {
    "backticks": "```\n<!-- live: a.py -->\n```",
    "tildes": "~~~\n<!-- live: a.py -->\n~~~",
    "info string": '```markdown title="example"\n<!-- live: a.py -->\n```',
    "indented fence": "-   item\n\n    ```markdown\n    <!-- live: a.py -->\n    ```",
    "longer fence": "````markdown\n<!-- live: a.py -->\n````",
    "shorter fence inside a longer one": "````markdown\n```\n<!-- live: a.py -->\n```\n<!-- live: b.py -->\n````",
    "tildes inside backticks": "```\n~~~\n<!-- live: a.py -->\n~~~\n<!-- live: b.py -->\n```",
    "backticks inside tildes": "~~~\n```\n<!-- live: a.py -->\n```\n<!-- live: b.py -->\n~~~",
    "a fence line with text does not close": "```\n``` not a closing fence\n<!-- live: a.py -->\n```",
    "closed by a longer fence": "```\n<!-- live: a.py -->\n`````",
    "malformed directives too": "```\n<!-- live: a.py colour=red -->\n<!-- live: -->\n<!-- live: a.py\n```",
    "unclosed fence runs to the end": "```\n<!-- live: a.py -->\n\n<!-- live: b.py -->\n",
}


@pytest.mark.parametrize("block", FENCED.values(), ids=FENCED.keys())
def test_directives_inside_fenced_code_blocks_are_ignored(block):
    parsed = parse_page(block + "\n", PAGE)
    assert (parsed.directives, parsed.errors) == ([], [])


@pytest.mark.parametrize("block", [b for name, b in FENCED.items() if name != "unclosed fence runs to the end"])
def test_a_directive_after_a_closed_fence_is_found(block):
    text = block + "\n<!-- live: after.py -->\n"
    directive = only_directive(text)
    assert (directive.path, directive.line) == ("after.py", block.count("\n") + 2)


def test_a_line_starting_with_inline_code_that_shows_backticks_opens_no_fence():
    text = "```` ```python title=x ```` is not tested.\n\n<!-- live: seen.py -->\n"
    assert only_directive(text).path == "seen.py"


# --- malformed directives ---------------------------------------------------------

MALFORMED = {
    "unclosed comment": ("<!-- live: a.py", "write it on one line as <!-- live: path/to/snippet.py"),
    "comment closed on another line": ("<!-- live: a.py\n-->", "write it on one line"),
    "missing colon": ("<!-- live a.py -->", "write it on one line as <!-- live:"),
    "text after the comment": ("<!-- live: a.py --> and more", "write it on one line"),
    "missing path": ("<!-- live: -->", "starts with the snippet's path"),
    "option in place of the path": ("<!-- live: source=hide -->", "starts with the snippet's path"),
    "option without '='": ("<!-- live: a.py source -->", "write source=..."),
    "unknown option": ("<!-- live: a.py colour=red -->", "known options: section, source, output, lang, timeout"),
    "duplicate option": ("<!-- live: a.py lang=hlo lang=text -->", "'lang' is given twice"),
    "source=maybe": ("<!-- live: a.py source=maybe -->", "must be one of show, hide, fold"),
    "output=fold": ("<!-- live: a.py output=fold -->", "must be one of show, hide"),
    "lang=cobol": ("<!-- live: a.py lang=cobol -->", "must be one of auto, text, jaxpr, stablehlo, hlo, python"),
    "timeout=-1": ("<!-- live: a.py timeout=-1 -->", "must be a positive number of seconds"),
    "timeout=0": ("<!-- live: a.py timeout=0 -->", "must be a positive number of seconds"),
    "timeout=nan": ("<!-- live: a.py timeout=nan -->", "must be a positive number of seconds"),
    "empty section": ("<!-- live: a.py section= -->", "must be a name made of letters, digits"),
    "section with spaces": ('<!-- live: a.py section="two words" -->', "must be a name made of letters, digits"),
    "unbalanced quotes": ('<!-- live: a.py section="intro -->', "cannot split the directive's arguments"),
}

MALFORMED_EDGES = {
    "timeout=abc": pytest.param(
        "<!-- live: a.py timeout=abc -->", "must be a positive number of seconds",
    ),
    "timeout=inf": pytest.param(
        "<!-- live: a.py timeout=inf -->", "seconds",
    ),
}


@pytest.mark.parametrize(
    ("line", "hint"),
    [*MALFORMED.values(), *MALFORMED_EDGES.values()],
    ids=[*MALFORMED, *MALFORMED_EDGES],
)
def test_a_malformed_directive_is_a_located_error_that_says_what_to_write(line, hint):
    error = only_error("# Title\n\n" + line + "\n")
    assert (error.page, error.line) == (PAGE, 3)
    assert str(error).startswith("docs/page.md:3: ")
    assert hint in str(error)


PATHS = {
    "absolute": ("/abs/a.py", "must be relative to the snippets folder"),
    "absolute, outside": ("/etc/passwd.py", "must be relative to the snippets folder"),
    "leading ..": ("../a.py", "must stay inside the snippets folder (no '..')"),
    "inner ..": ("pipeline/../../a.py", "must stay inside the snippets folder (no '..')"),
    "trailing ..": ("a/..", "must stay inside the snippets folder"),
    "quoted backslashes": ("'pipeline\\jaxpr.py'", "with '/'"),
    "double-quoted backslashes": ('"pipeline\\jaxpr.py"', "with '/'"),
    "not python": ("notes.txt", "must name a Python file (*.py)"),
    "no extension": ("square", "must name a Python file (*.py)"),
    "a folder": ("pipeline/", "must name a Python file (*.py)"),
}


PATH_EDGES = {
    "backslashes": pytest.param("pipeline\\jaxpr.py", "with '/'"),
    "backslash and ..": pytest.param("..\\a.py", "with '/'"),
}


@pytest.mark.parametrize(
    ("path", "hint"), [*PATHS.values(), *PATH_EDGES.values()], ids=[*PATHS, *PATH_EDGES]
)
def test_a_path_that_is_not_a_relative_python_file_inside_snippets_is_rejected(path, hint):
    error = only_error(f"<!-- live: {path} -->")
    assert str(error).startswith("docs/page.md:1: ")
    assert hint in str(error)
