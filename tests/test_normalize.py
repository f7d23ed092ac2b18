from __future__ import annotations

import sysconfig
import tempfile
from pathlib import Path

import pytest

from live_engine.normalize import Places, normalize, normalize_paths, to_text

PLACES = Places(root=Path("/work/repo"), cwd=Path("/tmp/live-abc/work"), temp=(Path("/tmp/live-abc/tmp"),))
SITE_PACKAGES = sysconfig.get_paths()["purelib"]
STDLIB = sysconfig.get_paths()["stdlib"]
TEMP = tempfile.gettempdir()

# --- to_text ---------------------------------------------------------

TEXT = {
    "utf-8": (b"caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x99\x82\n", "café → 🙂\n"),
    "invalid utf-8": (b"bad \xff\xfe byte", "bad \\xff\\xfe byte"),
    "cut utf-8 sequence": (b"caf\xc3", "caf\\xc3"),
    "ansi colours": (b"\x1b[1;31mred\x1b[0m plain", "red plain"),
    "ansi cursor moves": (b"a\x1b[2Kb\x1b[1Ac", "abc"),
    "progress line": (b"10%\r20%\r100%\ndone\n", "100%\ndone\n"),
    "shorter overwrite": (b"abcdef\rXY", "XYcdef"),
    "trailing carriage return": (b"done\r\n", "done\n"),
    "lone carriage return at end": (b"done\r", "done"),
    "windows newlines": (b"one\r\ntwo\r\n", "one\ntwo\n"),
    "NUL": (b"a\x00b", "a\\x00b"),
    "bell": (b"\x07ding", "\\x07ding"),
    "backspace": (b"ab\x08c", "ab\\x08c"),
    "form feed and vertical tab": (b"\x0c\x0b", "\\x0c\\x0b"),
    "DEL": (b"\x7f", "\\x7f"),
    "a lone escape": (b"\x1b", "\\x1b"),
    "tabs and newlines kept": (b"a\tb\n\tc\n\n", "a\tb\n\tc\n\n"),
    "empty": (b"", ""),
}

TEXT_EDGES = {
    "C1 control CSI": pytest.param("\u009b31m".encode(), "\\x9b31m"),
    "C1 control NEL": pytest.param("a\u0085b".encode(), "a\\x85b"),
}


@pytest.mark.parametrize(("data", "text"), [*TEXT.values(), *TEXT_EDGES.values()], ids=[*TEXT, *TEXT_EDGES])
def test_to_text_shows_what_a_terminal_would_and_escapes_the_rest(data, text):
    assert to_text(data) == text


# --- normalize_paths ---------------------------------------------------------

PATHS = {
    "a file in the repository": ("/work/repo/snippets/x.py", "snippets/x.py"),
    "in a traceback": ('File "/work/repo/snippets/x.py", line 3', 'File "snippets/x.py", line 3'),
    "in parentheses": ("(/work/repo/a.py)", "(a.py)"),
    "quoted": ("'/work/repo/a.py'", "'a.py'"),
    "after an equals sign": ("path=/work/repo/a.py", "path=a.py"),
    "the bare root": ("/work/repo", "."),
    "the bare root in a sentence": ("cwd is /work/repo, really", "cwd is ., really"),
    "the bare root, quoted": ("'/work/repo'", "'.'"),
    "a sibling folder with the root as prefix": ("/work/repo2/x", "/work/repo2/x"),
    "a sibling folder with a dash": ("/work/repo-old/x", "/work/repo-old/x"),
    "a sibling file with a dot": ("/work/repo.bak", "/work/repo.bak"),
    "the root inside another path": ("/mnt/work/repo/x", "/mnt/work/repo/x"),
    "a relative path containing tmp": ("snippets/tmp/bad.py", "snippets/tmp/bad.py"),
    "a name starting with tmp": ("/tmpfoo/bar", "/tmpfoo/bar"),
    "site-packages": (f"{SITE_PACKAGES}/jax/_src/core.py", "<site-packages>/jax/_src/core.py"),
    "the standard library": (f"{STDLIB}/json/__init__.py", "<python>/json/__init__.py"),
    "the job's work folder": ("/tmp/live-abc/work/out.txt", "out.txt"),
    "the bare work folder": ("/tmp/live-abc/work", "."),
    "the job's tmp folder": ("/tmp/live-abc/tmp/data.npy", "<tmp>/data.npy"),
    "another job's folder": ("/tmp/live-abd/work/x", "<tmp>/live-abd/work/x"),
    "a random temporary folder": (f"{TEMP}/tmpab12cd34/file", "<tmp>/tmpXXXXXXXX/file"),
    "a random temporary file": (f"{TEMP}/tmp_k9z0q1w", "<tmp>/tmpXXXXXXXX"),
    "a memory address": ("<Foo object at 0x7f3a2b1c9d00>", "<Foo object at 0x…>"),
    "a 32-bit address": ("at 0xdeadbeef", "at 0x…"),
    "a short hex number": ("flags=0x1f", "flags=0x1f"),
    "a long hex number": ("0x" + "f" * 20, "0x" + "f" * 20),
    "several paths in one line": (
        "/work/repo/a.py and /tmp/live-abc/work/b.txt and /work/repo",
        "a.py and b.txt and .",
    ),
    "nothing to change": ("plain text\n", "plain text\n"),
}

PATH_EDGES = {
    "a temp name longer than 8 characters": pytest.param(
        f"{TEMP}/tmpfiles_of_mine.txt", "<tmp>/tmpfiles_of_mine.txt",
    ),
    "the root followed by a slash alone": pytest.param(
        "saved in /work/repo/", "saved in ./",
    ),
}


@pytest.mark.parametrize(("text", "shown"), [*PATHS.values(), *PATH_EDGES.values()], ids=[*PATHS, *PATH_EDGES])
def test_normalize_paths_makes_machine_paths_repository_relative_or_placeholders(text, shown):
    assert normalize_paths(text, PLACES) == shown


def test_without_a_cwd_only_the_root_becomes_relative():
    assert normalize_paths("/work/repo/a.py /tmp/live-abc/work/b", Places(root=Path("/work/repo"))) == (
        "a.py <tmp>/live-abc/work/b"
    )


def test_a_nested_known_folder_wins_over_its_parent():
    places = Places(root=Path("/srv/repo"), temp=(Path("/srv/repo/build/tmp"),))
    assert normalize_paths("/srv/repo/build/tmp/x /srv/repo/build/y", places) == "<tmp>/x build/y"


# --- normalize ---------------------------------------------------------


def test_normalize_decodes_then_normalizes_paths():
    assert normalize(b"\x1b[32m/work/repo/snippets/x.py\x1b[0m\x00\n", PLACES) == "snippets/x.py\\x00\n"


@pytest.mark.parametrize("total_size", [None, 11])
def test_a_complete_output_has_no_notice(total_size):
    assert normalize(b"0123456789\n", PLACES, total_size) == "0123456789\n"


def test_a_stopped_output_says_it_was_stopped_at_the_cap():
    text = normalize(b"x" * 10 + b"\n" + b"y" * 9, PLACES, total_size=65_556, stopped=True)
    assert text == "x" * 10 + "\n" + "y" * 9 + (
        "\n[… output cut: the snippet printed more than 20 bytes and was stopped there; the first 20 are shown]\n")


def test_a_cut_output_ends_with_a_visible_notice():
    text = normalize(b"first line\nsecond li", PLACES, total_size=12_345)
    assert text.startswith("first line\nsecond li\n")
    assert text.endswith("[… output cut: the snippet printed 12,345 bytes; the first 20 are shown]\n")


ALARM = """\
2026-11-23 18:00:01.123456: E external/xla/xla/service/slow_operation_alarm.cc:73] Constant folding an instruction is taking > 1s:

  %reduce.1 = s32[] reduce(s32[4096]{0} %constant.2, s32[] %constant.3), dimensions={0}, to_apply=%add

This isn't necessarily a bug; constant-folding is inherently a trade-off between compilation time and speed at runtime.

If you'd like to file a bug, run with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results.
2026-11-23 18:00:03.5: E external/xla/xla/service/slow_operation_alarm.cc:140] The operation took 2.4s
Constant folding an instruction is taking > 1s:

  %reduce.1 = s32[] reduce(s32[4096]{0} %constant.2, s32[] %constant.3), dimensions={0}, to_apply=%add

If you'd like to file a bug, run with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results.
"""


def test_xlas_slow_constant_folding_alarm_is_dropped_and_nothing_around_it():
    printed = f"before\n{ALARM}after\n"
    assert normalize(printed.encode(), PLACES) == "before\nafter\n"
    other = "2026-11-23 18:00:01.1: E external/xla/xla/service/slow_operation_alarm.cc:73] Something else > 1s\n"
    assert normalize(other.encode(), PLACES) == other  # only constant folding's alarm is known to be noise


def test_machine_values_older_jax_logs_print_become_placeholders():
    # jax 0.4.38's own log lines carry the time, and its cache-miss explanations object ids.
    logged = ("DEBUG:2026-11-23 22:07:01,375:jax._src.compiler:170: get_compile_options\n"
              "WARNING:2026-11-23 22:07:10,922:jax._src.pjit:1179: TRACING CACHE MISS\n"
              "    convert_element_type id=139770911059904 defined at x.py:3\n")
    assert normalize_paths(logged, PLACES) == ("DEBUG:<time>:jax._src.compiler:170: get_compile_options\n"
                                               "WARNING:<time>:jax._src.pjit:1179: TRACING CACHE MISS\n"
                                               "    convert_element_type id=… defined at x.py:3\n")
    xla = ("2026-11-23 22:44:40.772900: E external/xla/xla/python/profiler/internal/python_hooks.cc:412] Can't\n"
           "E1123 22:44:40.772900   12345 python_hooks.cc:412] Can't\n")
    assert normalize_paths(xla, PLACES) == ("<time>: E external/xla/xla/python/profiler/internal/python_hooks.cc:412] "
                                            "Can't\nE<time> <thread> python_hooks.cc:412] Can't\n")
    # not a date a snippet prints itself, nor a small id, nor an HLO attribute ending in id=
    kept = "released 2024-12-17 12:00:00,000: ok\nCpuDevice(id=0) channel_id=1 partition_id=123456789012\n"
    assert normalize_paths(kept, PLACES) == kept
