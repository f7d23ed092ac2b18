"""Markdown for an expanded directive: the snippet's source, then its output.

Every directive is drawn from `render` down: a `compare=` pair's tabs, and, when the
version matrix ran, the older versions' outputs and diffs (`render_versions`), whose
grouping comes from agreement.py and whose diffs and tabs from compare.py. Nothing here
calls back into matrix.py, which runs the older versions and writes the changes page.

The output goes into a fenced code block, so the Markdown renderer escapes it:
`tensor<4xf32>` stays text. The fence is longer than any backtick run inside it.
"""

from __future__ import annotations

import dataclasses
import html
import re
import textwrap

from .agreement import groups, reason, same_text, versions_text
from .compare import comparison, diff_block, diff_fence, tabs
from .directives import Directive
from .graph import picture_block
from .runner import Outcome
from .snippets import Snippet, shown_source
from .targets import TARGETS
from .versions import pinned_env

# How each IR's printed form starts: an output that starts so is in that IR.
LANGUAGE_SIGNS = (
    ("hlo", re.compile(r"\AHloModule ")),
    ("stablehlo", re.compile(r"\A(#loc\d* = |module @)")),
    ("jaxpr", re.compile(r"\A\{ lambda ")),
)
# Lines that only one IR prints. An output is in an IR when that IR's lines make up a
# good part of it: snippets often print a header, counts or a file name around the IR,
# and those lines lex as plain text in every IR lexer.
IR_LINES = {
    "hlo": re.compile(r"^\s*(?:HloModule |(?:ROOT )?%?[\w.\-]+ = (?:\(|[a-z]\w*\[)|(?:ENTRY )?%?[\w.\-]+ (?:\(.*\) -> .*)?\{$)"),
    "stablehlo": re.compile(r"^\s*(?:module @|func\.func |%[\w#]+(?::\d+)? = (?:stablehlo|chlo|sdy|mhlo)\.|(?:stablehlo|func|sdy)\.\w+ %|#loc\d* = loc\()"),
    "jaxpr": re.compile(r"^\s*(?:\{ lambda |let$|in \(|(?:[a-z]{1,3}|_)(?::[a-z~][\w<>]*\[[^\]]*\])? (?:[a-z]{1,3}(?::[a-z~][\w<>]*\[[^\]]*\])? )*= [a-z_]\w*)"),
}
SHARE = 0.25  # of the non-blank lines
LONG_OUTPUT_LINES = 40  # longer outputs show their first lines and fold the rest


def detect_language(output: str) -> str:
    """The IR an output is written in: the one it starts with, else the one whose lines are
    most of it, if a quarter or more; `text` if none."""
    start = output.lstrip()
    for language, sign in LANGUAGE_SIGNS:
        if sign.match(start):
            return language
    lines = [line for line in output.splitlines() if line.strip()]
    if not lines:
        return "text"
    counts = {language: sum(1 for line in lines if pattern.match(line)) for language, pattern in IR_LINES.items()}
    language, count = max(counts.items(), key=lambda item: item[1])
    return language if count and count >= SHARE * len(lines) else "text"


@dataclasses.dataclass(frozen=True)
class Note:
    """What a page says at an output besides the output itself (under `mkdocs serve`, while or
    after a snippet runs behind the served pages: hooks/live.py). `before` goes inside the
    output's box, above the output (with `output` None, it is all the box holds); `after`
    below the directive's expansion; `picture` in place of a picture=show graph."""

    before: str = ""
    after: str = ""
    picture: str = ""


def render(directive: Directive, snippet: Snippet, output: str | None,
           compared: tuple[Snippet, str | None] | None = None, others: list[tuple[str, Outcome]] | None = None,
           notes: dict[str, Note] | None = None) -> str:
    """The Markdown that replaces one directive line, indented like the directive.

    `compared`: the snippet named by `compare=` and its output, for the three tabs.
    `others`: (older JAX version, its outcome) when the version matrix ran this snippet,
    for the version tabs (render_versions). `notes`: by snippet name, what to say at its
    output (Note); an output may be None only with a note that says why. The one way in:
    every directive is drawn from here down, never back up through the caller."""
    notes = notes or {}
    if compared is not None:
        if output is None or compared[1] is None:  # no text to compare yet: each side as it is now
            alone = dataclasses.replace(directive, compare=None)
            return render(alone, snippet, output, notes=notes) + render(alone, compared[0], compared[1], notes=notes)
        return _comparison(directive, (snippet, output), compared, notes)
    if others:
        return render_versions(directive, snippet, output, others, render(directive, snippet, output))
    note = notes.get(snippet.name, Note())
    parts = [_source_block(directive, snippet)] if directive.source != "hide" else []
    if directive.output == "show":
        parts.append(output_block(snippet.name, output, directive.lang, note=note))
        if directive.picture == "show":
            parts.append(note.picture or picture_block(snippet.name, output))
    if directive.map == "source" and output is not None:  # hooks/source_map.py links the lines inside, from the HTML
        parts = [f'<div class="live-map" data-snippet="{html.escape(snippet.name)}" '
                 f'data-section="{directive.section or ""}" data-line="{directive.line}" markdown>', *parts, "</div>"]
    if note.after and directive.output == "show":
        parts.append(note.after)
    return _indented(parts, directive.indent)


def _comparison(directive: Directive, first: tuple[Snippet, str], second: tuple[Snippet, str],
                notes: dict[str, Note]) -> str:
    """Tabs "Before" (this snippet), "After" (the compared one), each shown as a directive
    alone would show it, and "Diff" (compare.py). What `notes` say before either output goes
    above the tabs (it holds for the Diff tab too), what they say after, below them."""
    alone = dataclasses.replace(directive, indent="", compare=None)
    sides = [render(alone, snippet, output, notes={name: dataclasses.replace(note, before="", after="")
                                                   for name, note in notes.items()})
             for snippet, output in (first, second)]
    languages = {detect_language(output) if directive.lang == "auto" else directive.lang for _, output in (first, second)}
    body = comparison((directive.labels[0], sides[0]), (directive.labels[1], sides[1]),
                      (first[1], second[1]), (f"snippets/{first[0].name}", f"snippets/{second[0].name}"),
                      languages.pop() if len(languages) == 1 else "text", summary=directive.summary == "show")
    said = [notes[snippet.name] for snippet, _ in (first, second) if snippet.name in notes]
    parts = [note.before for note in said if note.before] + [body] + [note.after for note in said if note.after]
    return _indented(parts, directive.indent)


def pending_note(name: str, record: str | None, record_file: str, why_none: str) -> Note:
    """What the page says at the output of snippet `name` while it runs behind the served pages:
    shown from its record `record_file` (`record` its text), or, with no record, why there is none."""
    snippet = f"<code>snippets/{html.escape(name)}</code>"
    if record is not None:
        before = (f'<p class="live-pending" data-snippet="{html.escape(name)}"><strong>Not yet run on this '
                  f"machine.</strong> This is the committed record, <code>{html.escape(record_file)}</code>, "
                  f"shown while {snippet} runs here; the page reloads with this machine's output when it is "
                  f"in.</p>")
    else:
        before = (f'<p class="live-pending live-running" data-snippet="{html.escape(name)}"><strong>Running on '
                  f"this machine.</strong> {snippet} has no output to show yet: {_inline(why_none)}. The page "
                  f"reloads with its output when it is in.</p>")
    picture = (f'<p class="live-pending live-running" data-snippet="{html.escape(name)}"><strong>Picture not '
               f"drawn yet.</strong> It is drawn from this machine's output of {snippet}, which is running; the "
               f"page reloads with it.</p>")
    return Note(before=before, picture=picture)


def record_note(directive: Directive, name: str, record_file: str, record: str, output: str) -> Note:
    """What the page says under an output that ran behind the served pages and differs from the
    record the page showed until then: where, the unified diff (- record, + this run), what to do."""
    page = directive.where.split(":", 1)[0]
    note = (f'<p class="live-record-note"><strong>Differs from its record.</strong> This page showed '
            f"<code>{html.escape(record_file)}</code> until <code>snippets/{html.escape(name)}</code> ran on this "
            f"machine: above is this run's output, below how it differs (<code>-</code> record, <code>+</code> this "
            f"run). If that is expected, run <code>uv run pytest {html.escape(page)} --accept-outputs</code> and "
            f"commit the record; if not, <code>uv run pytest {html.escape(page)}</code> fails on it too "
            f"(<code>{html.escape(directive.where)}</code>).</p>")
    diff = diff_block(record, output, (record_file, "this run"), title=f"{record_file} (- record) against this run (+)")
    return Note(after=f'<div class="live-record-diff" data-snippet="{html.escape(name)}" markdown>\n\n'
                      f"{note}\n\n{diff}\n\n</div>")


def _inline(text: str) -> str:
    """Plain text with `code` spans, as HTML."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{part}</code>" if index % 2 else part for index, part in enumerate(parts))


def render_failure(report: str, indent: str, directive: Directive | None = None, snippet: Snippet | None = None) -> str:
    """What `mkdocs serve` shows instead of a directive that failed: the source (if it could
    be read), then the report, marked so that nobody takes it for an output.

    `mkdocs build` never shows this: it stops on the failure.
    """
    parts = [_source_block(directive, snippet)] if directive and snippet and directive.source != "hide" else []
    name = html.escape(directive.path if directive else "")
    parts.append(
        f'<div class="live-failure" data-snippet="{name}" markdown>\n\n'
        "**Live snippet failed.** `mkdocs serve` shows the failure here and goes on serving; "
        "`mkdocs build` stops on it.\n\n"
        + _fence("text", report, 'title="What went wrong"')
        + "\n\n</div>"
    )
    return _indented(parts, indent)


def _source_block(directive: Directive, snippet: Snippet) -> str:
    source, _ = shown_source(snippet.source, directive.section)
    code = _fence("python", source, f'title="snippets/{snippet.name}"')
    if directive.source == "fold":
        code = f'??? example "Source: snippets/{snippet.name}"\n\n' + textwrap.indent(code, "    ")
    return code


def _indented(parts: list[str], indent: str) -> str:
    return "\n" + textwrap.indent("\n\n".join(parts), indent, lambda line: True) + "\n"


def output_block(name: str, output: str | None, lang: str, version: str | None = None,
                 note: Note | None = None, target: str | None = None) -> str:
    """A snippet's output in its `live-output` div; `version` marks an older JAX's output
    (`data-version`: tests/test_site.py compares those apart from the pinned ones); `note.before`
    goes in the div above the output, or alone when there is no output yet (None)."""
    before = f"{note.before}\n\n" if note is not None and note.before else ""
    if output is None:
        marks = f'data-snippet="{html.escape(name)}"' + (f' data-target="{html.escape(target)}"' if target else "")
        return f'<div class="live-output" {marks} data-lang="text" markdown>\n\n{before}</div>'
    language = detect_language(output) if lang == "auto" else lang
    shown = output.rstrip("\n") or "(the snippet printed nothing)"
    lines = shown.count("\n") + 1
    long = lines > LONG_OUTPUT_LINES
    marks = f'data-snippet="{html.escape(name)}"' + (f' data-version="{html.escape(version)}"' if version else "") \
        + (f' data-target="{html.escape(target)}"' if target else "")
    block = (f'<div class="live-output{" long" * long}" {marks} data-lang="{language}" markdown>\n\n'
             + before + _fence(language, shown, 'title="Output"'))
    if long:
        # A long listing shows its head; the rest is one click away. It is only hidden by
        # CSS (assets/live.css), so search, copy and find-in-page still see every line.
        block += f'\n\n<details class="show-all"><summary>Show all {lines} lines</summary></details>'
    return block + "\n\n</div>"


def _fence(language: str, body: str, attributes: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{language} {attributes}\n{body}\n{ticks}"


def render_versions(directive: Directive, snippet: Snippet, pinned_output: str,
                    others: list[tuple[str, Outcome]], shown: str) -> str:
    """What replaces a directive when the matrix ran: `shown` is what render() made of it on
    the pinned version alone (its source and its output); below or around the output come
    the other versions, and a note of any that gave no answer in this build."""
    if directive.output != "show" or not others:
        return shown
    pinned = pinned_env().version
    same, differing = groups(pinned_output, others)
    indent = directive.indent
    notes = [_unfinished_note(snippet.name, others)]
    if same:
        what = "the same" if not differing else f"what jax {pinned} prints"
        notes.insert(0, f'<p class="live-versions-same" data-snippet="{html.escape(snippet.name)}">'
                        f'jax {versions_text(same)} print{"s" * (len(same) == 1)} {what}.</p>')
    if not differing:
        return _below(shown, "\n\n".join(note for note in notes if note), indent)
    lang = directive.lang
    language = detect_language(pinned_output) if lang == "auto" else lang
    panels = [(f"jax {pinned} (pinned)", output_block(snippet.name, pinned_output, language))]
    for versions, outcome in differing:
        label = "jax " + ", ".join(versions)
        older_language = detect_language(outcome.output) if lang == "auto" else lang
        if outcome.failed_on is not None:
            older_language = "text"
        body = [output_block(snippet.name, outcome.output, older_language, version=versions[0])]
        if outcome.failed_on is None:
            body.append(diff_fence(outcome.output, pinned_output, f"jax {versions[0]}", f"jax {pinned}"))
        else:
            body.append(f"jax {versions_text(versions)} cannot run this snippet: above is what "
                        f"{'it says' if len(versions) == 1 else 'they say'}.")
        panels.append((label + (" (fails)" if outcome.failed_on else ""), "\n\n".join(body)))
    if directive.map != "none":
        # map=source ties the source to the output inside one wrapper (hooks/source_map.py):
        # keep the pinned rendering whole, and the older versions' tabs under it.
        return _below(shown, "\n\n".join([tabs(panels[1:])] + [note for note in notes if note]), indent)
    view = "\n\n".join([tabs(panels)] + [note for note in notes if note])
    source = render(dataclasses.replace(directive, output="hide", indent=""), snippet, pinned_output).strip("\n")
    return "\n" + textwrap.indent(f"{source}\n\n{view}" if source else view, indent, lambda line: True) + "\n"


@dataclasses.dataclass(frozen=True)
class OnTarget:
    """A snippet's output compiled for one target, as its tab shows it."""

    target: str
    output: str | None  # None: not run yet, and no record to show
    note: Note = Note()  # shown from its record, or why there is nothing
    failed: bool = False  # `output` is the failure: what it printed and its traceback


def render_targets(directive: Directive, snippet: Snippet, cpu_output: str | None, on_targets: list[OnTarget],
                   shown: str) -> str:
    """What replaces a directive with targets=: `shown` is render()'s CPU rendering; the outputs go
    in tabs, the CPU's first, then each target's, each with its diff to the CPU's folded under it
    where they differ."""
    language = _tabs_language(directive.lang, [cpu_output] + [run.output for run in on_targets if not run.failed])
    panels = [("CPU", output_block(snippet.name, cpu_output, language))]
    for run in on_targets:
        label = TARGETS[run.target].label
        body = [output_block(snippet.name, run.output, "text" if run.failed else language, note=run.note,
                             target=run.target)]
        if run.output is not None and cpu_output is not None and not run.failed \
                and not same_text(run.output, cpu_output):
            diff = diff_fence(cpu_output, run.output, "CPU", label)
            body.append(f'??? note "What differs from the CPU\'s output"\n\n' + textwrap.indent(diff, "    "))
        panels.append((label + " (fails)" * run.failed, "\n\n".join(body)))
    if directive.map != "none":  # the CPU's rendering stays whole (hooks/source_map.py); the targets under it
        return _below(shown, tabs(panels[1:]), directive.indent)
    source = render(dataclasses.replace(directive, output="hide", indent=""), snippet, cpu_output).strip("\n")
    view = tabs(panels)
    return "\n" + textwrap.indent(f"{source}\n\n{view}" if source else view, directive.indent, lambda line: True) + "\n"


def _tabs_language(lang: str, outputs: list[str | None]) -> str:
    """The one language a directive's CPU and target tabs are highlighted in: `lang`, or for
    lang=auto the one most of the outputs are detected in, on a tie the first's (the CPU's, once
    it has one). Detected tab by tab, one listing showed highlighted on the CPU and a TPU and
    plain on an H100, whose output has fewer IR-looking lines than detect_language's quarter
    (recipes/loop-in-hlo)."""
    if lang != "auto":
        return lang
    detected = [detect_language(output) for output in outputs if output is not None]
    return max(detected, key=detected.count) if detected else "text"  # max keeps the first of equals


def _unfinished_note(snippet: str, others: list[tuple[str, Outcome]]) -> str:
    """A line under the output naming each older version that gave no answer in this build, and why."""
    notes = [f"jax {version} gave no output in this build ({html.escape(reason(outcome.problem))}), "
             f"so it is not compared here." for version, outcome in others if not outcome.ok]
    if not notes:
        return ""
    return f'<p class="live-versions-unfinished" data-snippet="{html.escape(snippet)}">{" ".join(notes)}</p>'


def _below(shown: str, addition: str, indent: str) -> str:
    """`shown` (render()'s Markdown, already indented) with `addition` after it, at its indent."""
    if not addition:
        return shown
    return shown.rstrip("\n") + "\n\n" + textwrap.indent(addition, indent, lambda line: True) + "\n"
