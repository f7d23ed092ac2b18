"""Notebooks: the case study runs cell by cell, its outputs hold what it teaches, and the build caches it.

The case study is executed afresh here (never from the build's cache), so a broken
cell fails this test with the notebook, the cell and the error. Tiny notebooks
test the caching, the error report and the hook's part in a real MkDocs build.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest

from live_engine import notebooks
from live_engine.cache import ResultCache
from live_engine.normalize import Places
from live_engine.notebooks import NotebookError, execute, executed, normalize_notebook, normalize_text
from test_determinism import MACHINE_DETAILS
from tinysite import make_notebook_site, mkdocs_build, notebook

ROOT = Path(__file__).resolve().parent.parent
CASE_STUDY = ROOT / "docs" / "case-study.ipynb"


def texts(executed_notebook: dict) -> list[str]:
    """Every output of every code cell as text, in order."""
    found = []
    for cell in executed_notebook["cells"]:
        for output in cell.get("outputs", []):
            if output["output_type"] == "stream":
                found.append(output["text"])
            elif output["output_type"] == "error":
                found.append("\n".join(output["traceback"]))
            else:
                found += [value for mime, value in output.get("data", {}).items() if mime.startswith("text/")]
    return found


# --- the case study ---------------------------------------------------------


@pytest.fixture(scope="module")
def case_study(case_study_run):
    return case_study_run  # executed afresh once a session (conftest.py); test_determinism compares it too


def test_the_committed_notebook_has_no_outputs():
    committed = json.loads(CASE_STUDY.read_text(encoding="utf-8"))
    code = [cell for cell in committed["cells"] if cell["cell_type"] == "code"]
    assert code
    assert [cell["outputs"] for cell in code] == [[] for _ in code]
    assert {cell["execution_count"] for cell in code} == {None}


def test_the_first_cell_sets_the_device_count_before_importing_jax():
    committed = json.loads(CASE_STUDY.read_text(encoding="utf-8"))
    first = "".join(next(cell for cell in committed["cells"] if cell["cell_type"] == "code")["source"])
    flag = first.index('os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=32"')
    assert flag < re.search(r"^import jax$", first, re.MULTILINE).start()


def test_every_code_cell_ran_and_printed_without_an_error(case_study):
    code = [cell for cell in case_study["cells"] if cell["cell_type"] == "code"]
    assert [cell["execution_count"] for cell in code] == list(range(1, len(code) + 1))
    silent = [cell["id"] for cell in code if not cell["outputs"]]
    assert silent == []
    errors = [cell["id"] for cell in code for output in cell["outputs"] if output["output_type"] == "error"]
    assert errors == []


def test_the_outputs_show_hlo_modules_and_the_gradient_all_reduce(case_study):
    text = "\n".join(texts(case_study))
    assert "HloModule jit_train_step" in text
    assert "all-reduce before optimization: 0 | after: 1" in text
    assert re.search(r"all-reduce\(.*replica_groups=", text)
    assert "before_optimizations.txt" in text and "cpu_after_optimizations.txt" in text
    assert "32 devices (each)" in text  # the cost and memory table


def test_the_sharded_excerpt_shows_one_device_of_32(case_study):
    """What the markdown after it (and sharding-partitioner.md's 'HLO for a simulator') says is in the excerpt."""
    text = "\n".join(texts(case_study))
    assert "HloModule jit_train_step, is_scheduled=true [...] num_partitions=32" in text
    assert re.search(r"^ENTRY %main\.\d+_spmd \(", text, re.MULTILINE)
    assert "replica_groups=mesh['data'=32] {'data'}" in text
    assert "fusion kinds {'kCustom': 3, 'kLoop': 17} 1 all-reduce" in text
    assert "-start(" not in text and "-done(" not in text


def test_no_output_holds_a_machine_detail(case_study):
    found = [f"{what}: {match.group()!r}" for text in texts(case_study)
             for what, pattern in MACHINE_DETAILS.items() for match in pattern.finditer(text)]
    assert found == []
    assert not any(str(ROOT) in text or "ipykernel_" in text for text in texts(case_study))


# --- caching ------------------------------------------------------------------

PRINTS = notebook(("markdown", "# Tiny"), ("code", "print(6 * 7)"))


def test_a_second_run_comes_from_the_cache_without_starting_a_kernel(tmp_path, monkeypatch):
    path = tmp_path / "tiny.ipynb"
    path.write_bytes(PRINTS)
    cache = ResultCache(tmp_path / "cache")
    first = executed(path, "docs/tiny.ipynb", ROOT, cache, timeout=120)
    assert not first.cached and texts(first.notebook) == ["42\n"]

    def no_kernel(*args, **kwargs):
        raise AssertionError("the notebook was executed again")

    monkeypatch.setattr(notebooks, "execute", no_kernel)
    second = executed(path, "docs/tiny.ipynb", ROOT, cache, timeout=120)
    assert second.cached and second.notebook == first.notebook and second.key == first.key

    path.write_bytes(notebook(("code", "print(6 * 9)")))  # an edit is a miss
    with pytest.raises(AssertionError, match="executed again"):
        executed(path, "docs/tiny.ipynb", ROOT, cache, timeout=120)


def test_the_key_covers_the_bytes_the_name_and_the_toolchain(monkeypatch):
    key = notebooks.notebook_key(PRINTS, "docs/tiny.ipynb")
    assert key == notebooks.notebook_key(PRINTS, "docs/tiny.ipynb")
    assert key != notebooks.notebook_key(PRINTS + b" ", "docs/tiny.ipynb")
    assert key != notebooks.notebook_key(PRINTS, "docs/other.ipynb")
    monkeypatch.setattr(notebooks, "toolchain", lambda: {"jax": "0.0.0"})
    assert key != notebooks.notebook_key(PRINTS, "docs/tiny.ipynb")


# --- a failing cell -------------------------------------------------------------


def test_a_failing_cell_is_reported_with_the_notebook_the_cell_and_the_error():
    broken = notebook(("markdown", "# Broken"), ("code", "values = [1, 2]"),
                      ("code", "# divide\nprint(values[0] / (values[1] - 2))"), ("code", "print('never')"))
    with pytest.raises(NotebookError) as raised:
        execute(broken, "docs/broken.ipynb", ROOT, timeout=120)
    message = str(raised.value)
    first_line = message.splitlines()[0]
    assert first_line == ("docs/broken.ipynb: cell 3 (code cell 2, starting `# divide`): "
                          "ZeroDivisionError: division by zero")
    assert "values[0] / (values[1] - 2)" in message  # the traceback follows, indented
    assert "never" not in message and "\x1b[" not in message


def test_a_notebook_that_is_not_json_is_reported_by_name():
    with pytest.raises(NotebookError, match=r"^docs/bad\.ipynb: not a readable notebook"):
        execute(b"{not json", "docs/bad.ipynb", ROOT, timeout=120)


# --- normalizing ----------------------------------------------------------------

PLACES = Places(root=Path("/work/repo"), cwd=Path("/tmp/live-nb-x/work"), temp=(Path("/tmp/live-nb-x/tmp"),))


def test_output_text_is_normalized_like_snippet_output():
    assert normalize_text("/work/repo/snippets/a.py and /tmp/live-nb-x/work/dump/x.txt", PLACES) == \
        "snippets/a.py and dump/x.txt"
    assert normalize_text("/tmp/live-nb-x/tmp/ipykernel_81234/2715.py:3", PLACES) == "<tmp>/ipykernel_<pid>/2715.py:3"
    assert normalize_text("<Foo at 0x7f3a2b4c5d60>", PLACES) == "<Foo at 0x…>"
    assert normalize_text("\x1b[0;31mZeroDivisionError\x1b[0m", PLACES) == "ZeroDivisionError"
    assert normalize_text(f"{tempfile.gettempdir()}/tmpab12cd34/f", PLACES) == "<tmp>/tmpXXXXXXXX/f"


def test_every_kind_of_output_is_normalized_and_timings_are_dropped():
    raw = {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "kept /work/repo"},
        {"cell_type": "code", "metadata": {"execution": {"iopub.execute_input": "2026-01-01T00:00:00Z"}},
         "execution_count": 1, "source": "", "outputs": [
            {"output_type": "stream", "name": "stdout", "text": ["at /work/repo/", "docs\n"]},
            {"output_type": "execute_result", "execution_count": 1, "metadata": {},
             "data": {"text/plain": "<object at 0xdeadbeef00>", "image/png": "iVBORw0KGgo="}},
            {"output_type": "display_data", "metadata": {}, "data": {"text/html": "<b>/tmp/live-nb-x/work/f</b>"}},
            {"output_type": "error", "ename": "OSError", "evalue": "/tmp/live-nb-x/work/f: gone",
             "traceback": ["\x1b[1;31mOSError\x1b[0m: /tmp/live-nb-x/tmp/ipykernel_7/1.py"]},
        ]},
    ]}
    cells = normalize_notebook(raw, PLACES)["cells"]
    assert cells[0]["source"] == "kept /work/repo"  # sources are the author's, never rewritten
    assert "execution" not in cells[1]["metadata"]
    stream, result, display, error = cells[1]["outputs"]
    assert stream["text"] == "at docs\n"
    assert result["data"] == {"text/plain": "<object at 0x…>", "image/png": "iVBORw0KGgo="}
    assert display["data"]["text/html"] == "<b>f</b>"
    assert (error["evalue"], error["traceback"]) == ("f: gone", ["OSError: <tmp>/ipykernel_<pid>/1.py"])
    assert raw["cells"][1]["outputs"][0]["text"] == ["at /work/repo/", "docs\n"]  # the input is left alone


def test_a_cells_streams_are_one_output_per_stream_however_the_kernel_cut_them():
    def stream(name, text):
        return {"output_type": "stream", "name": name, "text": text}

    display = {"output_type": "display_data", "metadata": {}, "data": {"text/plain": "shown"}}
    one_run = [stream("stdout", "a\n")]
    other_run = [stream("stdout", ["a"]), stream("stdout", "\n")]
    assert notebooks.merged_streams(one_run) == notebooks.merged_streams(other_run) == [stream("stdout", "a\n")]
    # stdout and stderr chunks interleave by timing: stdout first, then stderr, within a run
    interleaved = [stream("stderr", "w1\n"), stream("stdout", "a\n"), stream("stderr", "w2\n"), stream("stdout", "b\n")]
    assert notebooks.merged_streams(interleaved) == [stream("stdout", "a\nb\n"), stream("stderr", "w1\nw2\n")]
    # a displayed value is sent after the streams are flushed: runs on either side stay apart
    assert notebooks.merged_streams([stream("stdout", "a\n"), display, stream("stdout", "b\n")]) == [
        stream("stdout", "a\n"), display, stream("stdout", "b\n")]


# --- the hook, in a real MkDocs build ---------------------------------------------

SHOWS_PLACES = notebook(
    ("markdown", "# Tiny notebook\n\nSee [the home page](index.md)."),
    ("code", "import os, tempfile\nprint('cwd', os.getcwd())\nprint('temp', tempfile.mkdtemp())"),
)


@pytest.fixture(scope="module")
def tiny_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("notebook-site")
    make_notebook_site(folder, SHOWS_PLACES)
    return folder, mkdocs_build(folder, "--strict"), mkdocs_build(folder, "--strict")


def test_the_build_executes_a_notebook_once_then_takes_it_from_the_cache(tiny_site):
    _, first, second = tiny_site
    assert first.returncode == 0, first.stderr
    assert re.search(r"live: docs/tiny\.ipynb executed in [\d.]+ s", first.stderr)
    assert second.returncode == 0, second.stderr
    assert "live: docs/tiny.ipynb from the cache" in second.stderr


def test_the_page_shows_normalized_outputs_and_loads_nothing_from_other_hosts(tiny_site):
    folder, _, _ = tiny_site
    page = (folder / "site" / "tiny" / "index.html").read_text(encoding="utf-8")
    assert "cwd ." in page and "temp &lt;tmp&gt;/tmpXXXXXXXX" in page
    assert str(folder) not in page
    assert re.findall(r"<(?:script|link|img)\b[^>]*(?:src|href)=\"(?:https?:)?//[^\"]*", page) == []
    assert "cdnjs" not in page  # nbconvert's Mermaid loader is gone too
    assert '<a href="../">the home page</a>' in page  # a chapter link, as MkDocs would write it
    assert 'href="tiny.ipynb">Download this notebook</a>' in page


def test_the_download_is_the_executed_notebook(tiny_site):
    folder, _, _ = tiny_site
    download = json.loads((folder / "site" / "tiny" / "tiny.ipynb").read_text(encoding="utf-8"))
    assert "cwd .\n" in "".join(texts(download))
    assert json.loads((folder / "docs" / "tiny.ipynb").read_bytes())["cells"][1]["outputs"] == []


def test_a_failing_cell_fails_the_build_naming_the_notebook_and_the_cell(tmp_path):
    make_notebook_site(tmp_path, notebook(("markdown", "# Broken"), ("code", "raise ValueError('no data')")))
    build = mkdocs_build(tmp_path, "--strict")
    assert build.returncode != 0
    assert "docs/tiny.ipynb: cell 2 (code cell 1, starting `raise ValueError('no data')`): " \
           "ValueError: no data" in build.stderr


@pytest.mark.parametrize("repo_url, expected", [
    ("https://github.com/someone/reading-jax/",
     "[Open in Colab](https://colab.research.google.com/github/someone/reading-jax/blob/main/docs/case-study.ipynb)"),
    ("https://example.invalid/reading-jax-compiler",
     "[Open in Colab](https://colab.research.google.com/) and upload the notebook"),
], ids=["github", "elsewhere"])
def test_the_colab_link_opens_the_notebook_from_the_repository(repo_url, expected):
    from types import SimpleNamespace

    from page_extras.notebook_pages import _links_markdown

    config = SimpleNamespace(repo_url=repo_url, edit_uri="edit/main/docs/", docs_dir=str(ROOT / "docs"))
    runner = SimpleNamespace(settings=SimpleNamespace(root=ROOT))  # all that _links_markdown reads
    links = _links_markdown(SimpleNamespace(src_uri="case-study.ipynb"), config, runner)
    assert links.startswith(expected + " · ")
    assert "[Download this notebook](case-study.ipynb)" in links


def test_under_serve_a_failing_notebook_is_shown_unexecuted_with_its_error_and_a_build_stops(tmp_path):
    from types import SimpleNamespace

    from mkdocs.exceptions import PluginError

    from page_extras.notebook_pages import prepare_notebook

    broken = tmp_path / "docs" / "broken.ipynb"
    broken.parent.mkdir()
    broken.write_text("{not json")
    settings = SimpleNamespace(root=tmp_path, cache_dir=tmp_path / "cache", timeout=60)
    runner = SimpleNamespace(settings=settings, cache=ResultCache(settings.cache_dir))  # all prepare_notebook reads
    file = SimpleNamespace(src_uri="broken.ipynb", abs_src_path=str(broken))
    with pytest.raises(PluginError, match=r"docs/broken\.ipynb: not a readable notebook"):
        prepare_notebook(file, None, None, runner, serving=False)
    assert prepare_notebook(file, None, None, runner, serving=True) is False
    shown = json.loads(Path(file.abs_src_path).read_text())
    assert shown["cells"][0]["id"] == "live-failure"
    assert "This notebook failed to run." in shown["cells"][0]["source"]
    assert "docs/broken.ipynb: not a readable notebook" in shown["cells"][0]["source"]


# --- the notebook's IR outputs, highlighted like the chapters' ----------------------

NBCONVERT_OUTPUT = ('<div class="jp-RenderedText jp-OutputArea-output" data-mime-type="text/plain" tabindex="0">\n'
                    '<pre>{}</pre>\n</div>')


def test_an_ir_output_gets_its_lexer_and_plain_text_stays_plain():
    from page_extras.notebook_pages import highlighted_outputs

    hlo = "HloModule m\n\nENTRY %main (x: f32[2]) -&gt; f32[2] {\n  ROOT %n = f32[2]{0} negate(%x)\n}"
    page = highlighted_outputs(NBCONVERT_OUTPUT.format(hlo) + NBCONVERT_OUTPUT.format("loss 0.25 &lt;ok&gt;"))
    first, second = page.split("</div>\n</div>", 1)
    assert 'data-lang="hlo"' in first and '<div class="language-hlo highlight">' in first
    assert '<span class="nb">negate</span>' in first and '<span class="nv">%n</span>' in first
    assert re.sub(r"<[^>]+>", "", first).strip() == hlo  # the same text, escaped once
    assert second.endswith("<pre>loss 0.25 &lt;ok&gt;</pre>\n</div>") and "data-lang" not in second


def test_every_ir_output_of_the_notebook_page_is_highlighted_by_its_lexer(clean_site):
    """As tests/test_lexers.py holds for the chapters: the notebook's IR outputs, detected the same
    way, carry their language and no Error token (Pygments marks those `err`)."""
    import html as html_module

    from live_engine.render import detect_language

    page = (clean_site / "case-study" / "index.html").read_text(encoding="utf-8")
    outputs = re.findall(r'<div class="jp-RenderedText jp-OutputArea-output"([^>]*)>\s*(.*?)</pre>', page, re.DOTALL)
    found = {}
    for attributes, body in outputs:
        text = html_module.unescape(re.sub(r"<[^>]+>", "", body))
        language = detect_language(text)
        declared = re.search(r'data-lang="(\w+)"', attributes)
        assert (declared[1] if declared else "text") == language, text[:200]
        if language != "text":
            assert f'<div class="language-{language} highlight">' in body and 'class="err"' not in body, text[:200]
            found[language] = found.get(language, 0) + 1
    assert set(found) == {"jaxpr", "stablehlo", "hlo"}, found
