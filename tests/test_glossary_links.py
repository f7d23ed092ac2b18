"""The first prose use of each glossary term links to its entry (hooks/glossary_links.py).

Unit tests on small HTML, then the real glossary page read as the build reads it, then
the built site (the `clean_site` fixture, so slow the first time), read with a parser
of its own rather than the hook's tokenizer.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from glossary_links import GlossaryError, check_anchors, link_page, linker, read_glossary
from pinned import JAX_AT_TAG, XLA_AT_COMMIT

ROOT = Path(__file__).resolve().parent.parent

GLOSSARY = """\
# Glossary

Intro text with fusion in it, not an entry.

## XLA

The compiler. More text.

## fusion

<!-- forms: fusions -->

An HLO instruction that *merges* others.
Second line of the first paragraph.

Another paragraph.

## compiler pass

<!-- forms: compiler passes, XLA's [passes], HLO [pass] -->

One step of `XLA`'s [pipeline](optimizations.md#x).

## weak type

<!-- forms: weak types, weakly typed -->

A mark on Python numbers.

## StableHLO

The dialect.

## HLO

XLA's program.
"""

ENTRIES = read_glossary(GLOSSARY)
LINKER = linker(ENTRIES)


def linked(page: str) -> str:
    return link_page(page, LINKER, "../glossary/")


def links(page: str) -> list[tuple[str, str]]:
    """(anchor, linked text) of each glossary link, in order."""
    return re.findall(r'<a class="glossary-term" href="\.\./glossary/#([\w-]+)" title="[^"]*">([^<]*)</a>', page)


def test_entries_are_the_headings_with_their_declared_forms():
    assert [(e.term, e.anchor, e.line) for e in ENTRIES] == [
        ("XLA", "xla", 5), ("fusion", "fusion", 9), ("compiler pass", "compiler-pass", 18),
        ("weak type", "weak-type", 24), ("StableHLO", "stablehlo", 30), ("HLO", "hlo", 34)]
    assert ENTRIES[1].forms == ("fusion", "fusions")
    assert ENTRIES[2].forms == ("compiler pass", "compiler passes", "XLA's [passes]", "HLO [pass]")
    # the tooltip: the first sentence of the first paragraph, as plain text
    assert ENTRIES[1].summary == "An HLO instruction that merges others."
    assert ENTRIES[2].summary == "One step of XLA's pipeline."


def test_only_the_first_use_of_a_term_is_linked_whichever_form_it_takes():
    page = "<p>Fusions are many. A fusion again, and fusion.</p><p>fusions</p>"
    assert links(linked(page)) == [("fusion", "Fusions")]
    assert linked(page).count("fusion") == page.count("fusion") + 1  # the href adds one, nothing is lost


def test_code_pre_headings_links_and_table_headers_are_left_alone():
    page = ('<h2 id="fusion">Fusion<a class="headerlink" href="#fusion">¶</a></h2>'
            '<p>Call <code>fusion</code> and <a href="x.md">a fusion</a>.</p>'
            '<pre><code>fusion\nXLA</code></pre><table><tr><th>fusion</th></tr>'
            '<tr><td>the fusion here</td></tr></table>')
    out = linked(page)
    assert links(out) == [("fusion", "fusion")]
    assert out.startswith('<h2 id="fusion">Fusion<a class="headerlink"')
    assert "<td>the " in out and out.count("glossary-term") == 1
    assert '<a href="x.md">a fusion</a>' in out and "<code>fusion</code>" in out


def test_admonition_titles_summaries_tab_labels_file_names_and_notebook_copy_text_are_left_alone():
    page = ('<div class="admonition note"><p class="admonition-title">XLA and <em>fusion</em></p>'
            '<p>Body: XLA.</p></div>'
            '<details class="check"><summary>fusion check</summary><p>inside: fusion</p></details>'
            '<div class="tabbed-labels"><label for="a">HLO</label><label for="b">HLO <code>x</code></label></div>'
            '<div class="language-hlo highlight"><span class="filename">StableHLO output</span><pre>x</pre></div>'
            '<div class="live-summary"><table><tr><td>fusions</td></tr></table></div>'
            '<div class="clipboard-copy-txt" id="cell-6">lowered = f.lower(x)  # HLO</div>'
            '<p>HLO and StableHLO</p>')
    out = linked(page)
    assert links(out) == [("xla", "XLA"), ("fusion", "fusion"), ("hlo", "HLO"), ("stablehlo", "StableHLO")]
    assert '<p class="admonition-title">XLA and <em>fusion</em></p>' in out
    assert "<summary>fusion check</summary>" in out
    assert '<span class="filename">StableHLO output</span>' in out
    assert '<div class="clipboard-copy-txt" id="cell-6">lowered = f.lower(x)  # HLO</div>' in out  # a notebook cell


def test_case_rules_and_word_boundaries():
    page = ("<p>FUSION and xla and kLoop-fusion and refusion and StableHLOs are not terms. "
            "A StableHLO module has no HLO in its name.</p>")
    assert links(linked(page)) == [("stablehlo", "StableHLO"), ("hlo", "HLO")]
    # a lowercase form also matches with a capital first letter, at the start of a sentence
    assert links(linked("<p>Fusion first.</p>")) == [("fusion", "Fusion")]


def test_a_bracketed_form_links_its_bracketed_part_and_only_in_context():
    out = linked("<p>You pass the array; each pass of a loop; XLA's passes run; the HLO pass too.</p>")
    assert links(out) == [("xla", "XLA"), ("compiler-pass", "passes"), ("hlo", "HLO")]
    assert "You pass the array; each pass of a loop;" in out
    # the words around a bracketed form still link the first use of their own term
    assert "XLA</a>'s <a" in out


def test_a_form_may_break_across_lines_and_the_longest_form_wins():
    out = linked("<p>Its weak\ntypes differ from a weakly typed value.</p>")
    assert links(out) == [("weak-type", "weak\ntypes")]


def test_a_bracketed_form_with_words_after_it_links_only_its_bracketed_part():
    entries = read_glossary("## Shardy\n<!-- forms: [Shardy] partitioner -->\n\nA system.\n")
    out = link_page("<p>The Shardy partitioner.</p>", linker(entries), "../glossary/")
    assert out == ('<p>The <a class="glossary-term" href="../glossary/#shardy" title="A system.">Shardy</a>'
                   " partitioner.</p>")


# Written out here, not read from the hook, so that dropping one from the hook fails a test.
@pytest.mark.parametrize("skipped", [
    "<pre>fusion</pre>", "<code>fusion</code>", "<kbd>fusion</kbd>", "<samp>fusion</samp>",
    '<a href="x">fusion</a>', "<h1>fusion</h1>", "<h3 id='a'>fusion</h3>", "<h6>fusion</h6>", "<th>fusion</th>",
    "<summary>fusion</summary>", "<label>fusion</label>", "<button>fusion</button>",
    "<textarea>fusion</textarea>", "<script>fusion</script>", "<style>fusion</style>",
    "<svg><text>fusion</text></svg>", "<title>fusion</title>",
    '<p class="admonition-title">fusion</p>', '<span class="filename">fusion</span>',
    '<div class="live-summary"><div><div>x</div>fusion</div>fusion</div>',
    '<figure class="live-graph"><figure>x</figure>fusion</figure>',
    '<div class="tabbed-labels"><div>x</div>fusion</div>', '<div class="clipboard-copy-txt">fusion</div>',
    '<div class="x clipboard-copy-txt y">fusion</div>', "<!-- fusion <p> -->",
])
def test_each_skipped_element_and_class_is_left_alone_up_to_its_own_end(skipped):
    out = linked(f"<p>{skipped} then the fusion.</p>")
    assert links(out) == [("fusion", "fusion")]
    assert out.startswith(f"<p>{skipped} then the <a ")


def test_a_never_linked_phrase_hides_the_term_inside_it():
    entries = read_glossary("## tangent\n<!-- forms: tangents, !hyperbolic tangent -->\n\nA direction.\n")
    out = link_page("<p>Hyperbolic tangent and hyperbolic tangent, then a tangent.</p>", linker(entries), "../glossary/")
    assert links(out) == [("tangent", "tangent")]
    assert out.startswith("<p>Hyperbolic tangent and hyperbolic tangent, then a <a ")


def test_attributes_and_comments_are_not_text():
    page = '<p title="fusion"><img alt="fusion"><!-- fusion --> the fusion</p>'
    out = linked(page)
    assert links(out) == [("fusion", "fusion")]
    assert out.startswith('<p title="fusion"><img alt="fusion"><!-- fusion --> the <a')


def test_the_tooltip_is_escaped():
    entries = read_glossary('## fusion\n\nMerges "a" & <b>.\n')
    out = link_page("<p>fusion</p>", linker(entries), "g/")
    assert 'title="Merges &quot;a&quot; &amp; &lt;b&gt;."' in out


@pytest.mark.parametrize("text, line, message", [
    ("<!-- forms: fusions -->\n\n## fusion\n\nText.\n", 1, "forms listed with no entry"),
    ("## fusion\n\nText.\n\n<!-- forms: fusions -->\n", 5, "forms listed with no entry"),
    ("## fusion\n<!-- forms fusions -->\nText.\n", 2, "malformed forms line"),
    ("## fusion\n<!-- forms: fusions, , fused -->\nText.\n", 2, "an empty form"),
    ("## fusion\n\n## layout\n\nText.\n", 1, "'fusion' has no text under it"),
    ("## fusion\n\nText.\n\n## fusions\n\nMore.\n\n## merge\n<!-- forms: Fusion -->\nX.\n", 9,
     "the form 'Fusion' of 'merge' is also a form of 'fusion'"),
    ("## fusion\n\nText.\n\n## fused\n<!-- forms: fusion -->\nX.\n", 5, "also a form of 'fusion' \\(line 1\\)"),
    ("## pass\n<!-- forms: XLA's [passes -->\nX.\n", 1, "brackets mark the one part"),
    ("## pass\n<!-- forms: !XLA's [passes] -->\nX.\n", 1, "a !phrase that is never linked has none"),
])
def test_a_broken_glossary_stops_the_build_at_its_line(text, line, message):
    with pytest.raises(GlossaryError, match=rf"^docs/glossary.md:{line}: .*{message}"):
        read_glossary(text)


def test_an_entry_whose_anchor_is_not_on_the_page_stops_the_build_at_its_line():
    entries = read_glossary("# G\n\n## fusion\n\nText.\n\n## XLA {#the-compiler}\n\nThe compiler.\n")
    assert [entry.anchor for entry in entries] == ["fusion", "the-compiler"]
    check_anchors(entries, '<h2 id="fusion">fusion</h2><h2 id="the-compiler">XLA</h2>')
    with pytest.raises(GlossaryError, match=r"^docs/glossary.md:7: the entry 'XLA' has no anchor #the-compiler"):
        check_anchors(entries, '<h2 id="fusion">fusion</h2><h2 id="xla">XLA</h2>')


def test_code_examples_on_the_glossary_page_are_not_entries():
    assert [e.term for e in read_glossary("## fusion\n\nText.\n\n```markdown\n## not an entry\n```\n")] == ["fusion"]


def test_the_real_glossary_reads_and_every_entry_links_a_chapter_section():
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    entries = read_glossary(text)
    assert len(entries) >= 20
    terms = [entry.term.lower() for entry in entries]
    assert terms == sorted(terms)  # alphabetical, whatever the case
    problems = []
    for entry in entries:
        body = text.split("\n")[entry.line:]
        body = "\n".join(body[:next((i for i, line in enumerate(body) if line.startswith("## ")), len(body))])
        if not re.search(r"\]\([\w-]+\.md#[\w-]+\)", body):
            problems.append(f"docs/glossary.md:{entry.line}: {entry.term}: no link to a chapter's section")
        if not re.search(rf"\]\(({re.escape(JAX_AT_TAG)}|{re.escape(XLA_AT_COMMIT)})", body):
            problems.append(f"docs/glossary.md:{entry.line}: {entry.term}: no link to the source at the pinned "
                            f"versions ({JAX_AT_TAG} or {XLA_AT_COMMIT})")
    assert not problems, "\n".join(problems)


# The built site ----------------------------------------------------------------------

class Prose(HTMLParser):
    """A page's article as (text, anchor of the glossary link it is in, or None, skipped?) runs."""

    SKIPPED = {"pre", "code", "a", "h1", "h2", "h3", "h4", "h5", "h6", "th", "summary", "label", "svg",
               "script", "style", "figure", "nav"}

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, bool, str | None]] = []  # (tag, skipped, glossary anchor)
        self.runs: list[tuple[str, str | None, bool]] = []
        self.in_article = False
        self.headings_with_links = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "article":
            self.in_article = True
        if tag in ("br", "img", "input", "hr", "meta", "link", "wbr", "col", "source"):
            return
        classes = (attributes.get("class") or "").split()
        glossary = None
        if tag == "a" and "glossary-term" in classes:
            glossary = attributes["href"].split("#")[1]
            if any(open_tag in ("h1", "h2", "h3", "h4", "h5", "h6") for open_tag, _, _ in self.stack):
                self.headings_with_links += 1
        skipped = (tag in self.SKIPPED and glossary is None) or bool(
            {"admonition-title", "filename", "live-summary", "tabbed-labels", "clipboard-copy-txt"} & set(classes))
        self.stack.append((tag, skipped, glossary))

    def handle_endtag(self, tag):
        if tag == "article":
            self.in_article = False
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if self.in_article:
            glossary = next((anchor for _, _, anchor in self.stack if anchor), None)
            self.runs.append((data, glossary, any(skipped for _, skipped, _ in self.stack)))


def read_page(path: Path) -> Prose:
    prose = Prose()
    prose.feed(path.read_text(encoding="utf-8"))
    return prose


def glossary_report(site: Path, term: str = "fusion", word: str = r"[Ff]usions?") -> dict:
    """For every page but the glossary: links per anchor, links inside headings, and whether the
    first prose use of `word` (if any) is the link to `term`'s entry. The glossary's !phrases
    ("Fusion Explorer") are not uses."""
    never = [form[1:] for entry in read_glossary((ROOT / "docs" / "glossary.md").read_text(encoding="utf-8"))
             for form in entry.forms if form.startswith("!")]
    never_pattern = re.compile("|".join(r"\s+".join(map(re.escape, phrase.split())) for phrase in never) or "(?!)",
                               re.IGNORECASE)
    report = {}
    for path in sorted(site.rglob("index.html")):
        name = path.relative_to(site).as_posix()
        if name.startswith(("glossary/", "assets/", "search/")) or name == "404.html":
            continue
        prose = read_page(path)
        counts: dict[str, int] = {}
        for _, anchor, _ in prose.runs:
            if anchor:
                counts[anchor] = counts.get(anchor, 0) + 1
        pattern = re.compile(rf"(?<![\w-]){word}(?![\w-])")
        first = next(((text, anchor) for text, anchor, skipped in prose.runs
                      if (anchor or not skipped) and pattern.search(never_pattern.sub(" ", text))), None)
        report[name] = {"links": counts, "in_headings": prose.headings_with_links,
                        "first_use": None if first is None else first[1] == term}
    return report


def test_the_report_reads_a_page_as_the_hook_means_it(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<nav>fusion</nav><article><h1>Fusion</h1><p><code>fusion</code> then '
        '<a class="glossary-term" href="../glossary/#fusion" title="t">fusion</a>, fusion.</p></article>')
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "index.html").write_text('<article><p>A fusion, unlinked.</p></article>')
    assert glossary_report(tmp_path) == {
        "a/index.html": {"links": {"fusion": 1}, "in_headings": 0, "first_use": True},
        "b/index.html": {"links": {}, "in_headings": 0, "first_use": False}}


def test_on_the_built_site_every_page_links_its_first_fusion_and_no_term_twice(clean_site):
    report = glossary_report(clean_site)
    assert len(report) > 15  # the check read the site, not an empty folder
    assert {page: r for page, r in report.items() if r["first_use"] is False} == {}
    with_fusion = [page for page, r in report.items() if r["first_use"]]
    assert {"optimizations/index.html", "reading-hlo/index.html", "lowering/index.html"} <= set(with_fusion)
    assert {page: r["links"] for page, r in report.items() if any(n > 1 for n in r["links"].values())} == {}
    assert {page: r["in_headings"] for page, r in report.items() if r["in_headings"]} == {}


# The MkDocs events, with stand-ins for MkDocs' objects ---------------------------------

def event_stand_ins(glossary: str | None):
    from types import SimpleNamespace

    def file(src_uri, text=""):
        return SimpleNamespace(src_uri=src_uri, content_string=text,
                               url_relative_to=lambda other: "../glossary/")

    files_by_path = {"chapter.md": file("chapter.md")}
    if glossary is not None:
        files_by_path["glossary.md"] = file("glossary.md", glossary)
    files = SimpleNamespace(get_file_from_path=files_by_path.get)
    config = {"mdx_configs": {"toc": {"permalink": True}}}
    page = lambda name: SimpleNamespace(file=files_by_path[name])  # noqa: E731
    return files, config, page


def test_the_events_link_pages_check_the_glossarys_anchors_and_stop_on_a_broken_glossary():
    from mkdocs.exceptions import PluginError

    import glossary_links as hook

    files, config, page = event_stand_ins(GLOSSARY)
    hook.on_files(files, config)
    assert links(hook.on_page_content("<p>XLA</p>", page("chapter.md"), config, files)) == [("xla", "XLA")]
    with pytest.raises(PluginError, match=r"glossary: docs/glossary.md:5: the entry 'XLA' has no anchor #xla"):
        hook.on_page_content('<h2 id="fusion">fusion</h2>', page("glossary.md"), config, files)

    files, config, page = event_stand_ins("## fusion\n\nText.\n<!-- forms: fusions -->\n")
    with pytest.raises(PluginError, match=r"glossary: docs/glossary.md:4: forms listed with no entry"):
        hook.on_files(files, config)

    files, config, page = event_stand_ins(None)  # a site without a glossary: pages unchanged
    hook.on_files(files, config)
    assert hook.on_page_content("<p>XLA</p>", page("chapter.md"), config, files) == "<p>XLA</p>"
