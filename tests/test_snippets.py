from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from live_engine.snippets import SnippetError, load_snippet, shown_source


@pytest.fixture
def snippets(tmp_path) -> Path:
    folder = tmp_path / "snippets"
    folder.mkdir()
    return folder


def write(folder: Path, name: str, text: str = "") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# --- finding the file ---------------------------------------------------------


def test_a_loaded_snippet_has_its_name_resolved_file_and_source(snippets):
    file = write(snippets, "pipeline/square.py", "print(3 * 3)\n")
    snippet = load_snippet(snippets, "pipeline/square.py")
    assert (snippet.name, snippet.file, snippet.source) == ("pipeline/square.py", file.resolve(), "print(3 * 3)\n")


def test_a_missing_snippet_is_an_error_naming_it(snippets):
    with pytest.raises(SnippetError, match=r"no snippet file snippets/missing\.py; create it"):
        load_snippet(snippets, "missing.py")


def test_a_folder_is_not_a_snippet(snippets):
    (snippets / "folder.py").mkdir()
    with pytest.raises(SnippetError, match="no snippet file"):
        load_snippet(snippets, "folder.py")


def test_a_symlink_resolving_outside_the_snippets_folder_is_rejected(snippets, tmp_path):
    write(tmp_path, "outside.py", "print('secret')\n")
    (snippets / "link.py").symlink_to(tmp_path / "outside.py")
    with pytest.raises(SnippetError, match="link.py resolves to a file outside the snippets folder"):
        load_snippet(snippets, "link.py")


def test_a_symlinked_folder_resolving_outside_is_rejected(snippets, tmp_path):
    write(tmp_path, "elsewhere/x.py", "print(1)\n")
    (snippets / "sub").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SnippetError, match="outside"):
        load_snippet(snippets, "sub/x.py")


def test_a_symlink_staying_inside_is_followed(snippets):
    write(snippets, "real.py", "print(1)\n")
    (snippets / "alias.py").symlink_to(snippets / "real.py")
    assert load_snippet(snippets, "alias.py").file == (snippets / "real.py").resolve()


def test_a_dotdot_name_resolving_outside_is_rejected(snippets, tmp_path):
    write(tmp_path, "outside.py", "print(1)\n")
    with pytest.raises(SnippetError, match="outside"):
        load_snippet(snippets, "../outside.py")


def test_a_syntax_error_names_the_snippet_and_line(snippets):
    write(snippets, "bad.py", "x = 1\ndef f(:\n    pass\n")
    with pytest.raises(SnippetError, match=r"^snippets/bad\.py:2: SyntaxError: "):
        load_snippet(snippets, "bad.py")


def test_a_snippet_with_a_coding_cookie_is_decoded_as_python_would(snippets):
    (snippets / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\nprint('caf\xe9')\n")
    assert "caf\u00e9" in load_snippet(snippets, "latin.py").source


def test_a_snippet_that_is_not_utf8_is_a_snippet_error_not_a_crash(snippets):
    (snippets / "bad.py").write_bytes(b"print('caf\xe9')\n")
    with pytest.raises(SnippetError, match="snippets/bad.py: cannot decode"):
        load_snippet(snippets, "bad.py")


# --- the environment prelude ---------------------------------------------------------


def test_literal_environment_set_before_import_jax_is_collected_sorted(snippets):
    write(snippets, "env.py", """\
        import os
        os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
        os.environ.setdefault("JAX_ENABLE_X64", "1")
        os.environ['A_FIRST'] = 'yes'

        import jax
    """)
    assert load_snippet(snippets, "env.py").env == (
        ("A_FIRST", "yes"),
        ("JAX_ENABLE_X64", "1"),
        ("XLA_FLAGS", "--xla_force_host_platform_device_count=4"),
    )


def test_a_later_assignment_to_the_same_variable_wins(snippets):
    write(snippets, "env.py", """\
        import os
        os.environ["X"] = "first"
        os.environ["X"] = "second"
        import jax
    """)
    assert load_snippet(snippets, "env.py").env == (("X", "second"),)


def test_environ_imported_by_name_is_understood(snippets):
    write(snippets, "env.py", """\
        from os import environ
        environ["X"] = "1"
        import jax
    """)
    assert load_snippet(snippets, "env.py").env == (("X", "1"),)


@pytest.mark.parametrize("jax_import", ["import jax", "import jax.numpy as jnp", "from jax import numpy", "import jaxlib",
                                        "import numpy, jax"])
def test_environment_set_after_import_jax_is_not_collected(snippets, jax_import):
    write(snippets, "env.py", f"""\
        import os
        os.environ["BEFORE"] = "1"
        {jax_import}
        os.environ["AFTER"] = "1"
        os.environ["COMPUTED_AFTER"] = str(2)
    """)
    assert load_snippet(snippets, "env.py").env == (("BEFORE", "1"),)


def test_a_snippet_without_environment_has_an_empty_one(snippets):
    write(snippets, "plain.py", "import jax\nprint(jax.numpy.ones(2))\n")
    assert load_snippet(snippets, "plain.py").env == ()


@pytest.mark.parametrize(
    "statement",
    [
        'os.environ["X"] = str(4)',
        'os.environ["X"] = VALUE',
        'os.environ["X"] = f"{VALUE}"',
        'os.environ[NAME] = "1"',
        'os.environ.setdefault("X", VALUE)',
        'os.environ.update({"X": "1"})',
        'os.environ["X"] += "1"',
        'os.environ["N"] = 4',
    ],
)
def test_a_non_literal_environment_change_before_import_jax_is_an_error_naming_its_line(snippets, statement):
    write(snippets, "env.py", f'import os\nNAME, VALUE = "X", "1"\n{statement}\nimport jax\n')
    with pytest.raises(SnippetError, match=r"^snippets/env\.py:3: set the environment before `import jax` with literal"):
        load_snippet(snippets, "env.py")


def test_a_docstring_mentioning_environ_before_import_jax_is_not_an_error(snippets):
    write(snippets, "doc.py", '"""Shows how os.environ["XLA_FLAGS"] changes the device count."""\nimport jax\n')
    assert load_snippet(snippets, "doc.py").env == ()


# --- local dependencies ---------------------------------------------------------


@pytest.mark.parametrize("statement", ["import helper", "from helper import x", "import helper as h",
                                       "import os, helper", "def f():\n    import helper"])
def test_a_module_imported_from_the_snippet_folder_is_a_dependency(snippets, statement):
    write(snippets, "helper.py", "x = 1\n")
    write(snippets, "main.py", statement + "\n")
    assert load_snippet(snippets, "main.py").dependencies == ((snippets / "helper.py").resolve(),)


def test_dependencies_are_found_next_to_a_snippet_in_a_subfolder(snippets):
    write(snippets, "helper.py", "x = 'the root one is not on sys.path'\n")
    write(snippets, "pipeline/model.py", "x = 1\n")
    write(snippets, "pipeline/step.py", "import helper\nfrom model import x\n")
    assert load_snippet(snippets, "pipeline/step.py").dependencies == ((snippets / "pipeline/model.py").resolve(),)


def test_dependencies_are_followed_recursively(snippets):
    write(snippets, "helper.py", "import helper2\n")
    write(snippets, "helper2.py", "from helper3 import y\n")
    write(snippets, "helper3.py", "y = 3\n")
    write(snippets, "main.py", "import helper\n")
    folder = snippets.resolve()
    assert load_snippet(snippets, "main.py").dependencies == (
        folder / "helper.py", folder / "helper2.py", folder / "helper3.py",
    )


def test_circular_imports_terminate(snippets):
    write(snippets, "a.py", "import b\n")
    write(snippets, "b.py", "import a\n")
    write(snippets, "main.py", "import a\n")
    folder = snippets.resolve()
    assert load_snippet(snippets, "main.py").dependencies == (folder / "a.py", folder / "b.py")


def test_a_local_package_brings_all_its_python_files(snippets):
    write(snippets, "pkg/__init__.py", "")
    write(snippets, "pkg/core.py", "x = 1\n")
    write(snippets, "pkg/sub/__init__.py", "")
    write(snippets, "pkg/sub/deep.py", "y = 2\n")
    write(snippets, "pkg/notes.txt", "not python\n")
    write(snippets, "main.py", "from pkg.core import x\n")
    folder = snippets.resolve()
    assert load_snippet(snippets, "main.py").dependencies == (
        folder / "pkg/__init__.py", folder / "pkg/core.py", folder / "pkg/sub/__init__.py", folder / "pkg/sub/deep.py",
    )


@pytest.mark.parametrize("statement", ["import numpy as np", "import jax", "from jax import numpy as jnp",
                                       "import os.path", "from . import sibling", "import absent_module"])
def test_third_party_stdlib_relative_and_absent_imports_are_not_dependencies(snippets, statement):
    write(snippets, "sibling.py", "")
    write(snippets, "main.py", statement + "\n")
    assert load_snippet(snippets, "main.py").dependencies == ()


def test_a_module_reached_through_a_symlink_leading_outside_is_not_a_dependency(snippets, tmp_path):
    write(tmp_path, "outside.py", "x = 1\n")
    (snippets / "linked.py").symlink_to(tmp_path / "outside.py")
    write(snippets, "main.py", "import linked\n")
    assert load_snippet(snippets, "main.py").dependencies == ()


def test_a_dependency_with_a_syntax_error_is_a_snippet_error(snippets):
    write(snippets, "helper.py", "def broken(:\n")
    write(snippets, "main.py", "import helper\n")
    with pytest.raises(SnippetError, match="helper"):
        load_snippet(snippets, "main.py")


# --- the digest ---------------------------------------------------------


@pytest.fixture
def project(snippets):
    write(snippets, "main.py", "import helper\nprint(helper.x)\n")
    write(snippets, "helper.py", "import helper2\nx = helper2.y\n")
    write(snippets, "helper2.py", "y = 1\n")
    write(snippets, "unrelated.py", "z = 1\n")
    return snippets


def digest(folder: Path) -> str:
    return load_snippet(folder, "main.py").digest


def test_the_digest_is_stable_when_nothing_changes(project):
    assert digest(project) == digest(project)


@pytest.mark.parametrize("changed", ["main.py", "helper.py", "helper2.py"])
def test_the_digest_changes_when_the_snippet_or_any_dependency_changes(project, changed):
    before = digest(project)
    with (project / changed).open("a") as file:
        file.write("# edited\n")
    assert digest(project) != before


def test_the_digest_ignores_files_the_snippet_does_not_import(project):
    before = digest(project)
    write(project, "unrelated.py", "z = 2\n")
    assert digest(project) == before


def test_the_digest_and_the_code_are_of_the_bytes_read_once_at_load(project):
    """What a build shows, keys and runs is one reading: a later save changes none of them."""
    snippet = load_snippet(project, "main.py")
    as_read = digest(project)
    write(project, "main.py", "print('saved since')\n")
    assert snippet.code == b"import helper\nprint(helper.x)\n" == snippet.source.encode()
    assert snippet.digest == as_read != digest(project)


def test_a_saved_dependency_is_noticed_but_the_snippet_itself_is_not_read_again(project):
    snippet = load_snippet(project, "main.py")
    write(project, "main.py", "print('saved since: the code that runs is the code read')\n")
    assert not snippet.dependencies_changed()
    write(project, "helper2.py", "y = 2\n")
    assert snippet.dependencies_changed()
    (project / "helper2.py").unlink()
    assert snippet.dependencies_changed()


# --- the shown source ---------------------------------------------------------

SECTIONED = """\
import jax
# --8<-- [start:function]
def f(x):
    # --8<-- [start:body]
    return x * 2
    # --8<-- [end:body]
# --8<-- [end:function]

# --8<-- [start:call]
print(f(3))
# --8<-- [end:call]
"""


def test_the_full_source_drops_every_section_marker():
    shown, first = shown_source(SECTIONED, None)
    assert "--8<--" not in shown
    assert shown == "import jax\ndef f(x):\n    return x * 2\n\nprint(f(3))"
    assert first == 1


def test_the_full_source_loses_leading_and_trailing_blank_lines():
    assert shown_source("\n\nprint(1)\n\n\n", None) == ("print(1)", 1)


@pytest.mark.parametrize(
    ("section", "shown", "first"),
    [
        ("function", "def f(x):\n    return x * 2", 3),
        ("body", "return x * 2", 5),
        ("call", "print(f(3))", 10),
    ],
)
def test_a_named_section_is_extracted_dedented_and_located(section, shown, first):
    assert shown_source(SECTIONED, section) == (shown, first)


def test_a_section_marked_twice_shows_both_parts():
    source = "# --8<-- [start:s]\na = 1\n# --8<-- [end:s]\nb = 2\n# --8<-- [start:s]\nc = 3\n# --8<-- [end:s]\n"
    assert shown_source(source, "s") == ("a = 1\nc = 3", 2)


def test_a_missing_section_is_an_error_listing_the_existing_ones():
    with pytest.raises(SnippetError, match=r"no section 'nope'.*sections in this file: body, call, function$"):
        shown_source(SECTIONED, "nope")


def test_a_missing_section_in_a_file_without_sections_says_none():
    with pytest.raises(SnippetError, match="sections in this file: none$"):
        shown_source("print(1)\n", "intro")


def test_a_section_with_only_an_end_marker_is_an_error():
    with pytest.raises(SnippetError, match="no section 'intro'"):
        shown_source("print(1)\n# --8<-- [end:intro]\n", "intro")
