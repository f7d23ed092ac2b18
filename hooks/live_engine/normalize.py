"""Turning what a snippet printed into text that is the same on every machine.

`python snippets/X.py` from the repository root and a build on any machine must
show the same text, so machine-specific paths become repository-relative paths or
stable placeholders. Bytes that are not printable text are made visible, never
passed through: nothing a snippet prints can become markup or a terminal trick.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sysconfig
import tempfile
from pathlib import Path

ANSI_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# A temporary name as the tempfile module makes them: tmp + 8 random characters.
RANDOM_TEMP_NAME = re.compile(r"<tmp>/tmp[a-z0-9_]{8}(?![\w.-])")
MEMORY_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{8,16}\b")
# The same, as CPython's id() prints it in decimal: `convert_element_type id=139770911059904`
# in the cache-miss explanations of older JAX releases (the version matrix).
OBJECT_ID = re.compile(r"\bid=\d{9,20}\b")
# The time at the start of a log line (it says when the build ran, not what the program is).
# Python logging's default asctime format, which JAX up to 0.6 puts on its own log lines:
# `DEBUG:2026-11-23 22:07:01,375:jax._src.compiler:170: ...`.
LOG_TIME = re.compile(r"^(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL):\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}:",
                      re.MULTILINE)
# XLA's own C++ log lines. Older releases (TSL logging): `2026-11-23 22:44:40.772900: E external/xla/...cc:412] `;
# newer ones (absl): `E1123 22:44:40.772900   12345 python_hooks.cc:412] `, with the thread id after the time.
TSL_LOG_TIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}: (?=[DIWEF] \S+:\d+\] )", re.MULTILINE)
ABSL_LOG_TIME = re.compile(r"^(?P<level>[DIWEF])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ (?=\S+:\d+\] )", re.MULTILINE)
# XLA's alarm when constant folding one instruction takes over a second (HloConstantFolding
# with a SlowOperationAlarm): logged to stderr with a timestamp, on a busy machine only, and
# again with the time it took. It says how loaded the machine was, not what the program is,
# so the whole message goes, from its log line to its closing "If you'd like to file a bug".
SLOW_FOLDING_ALARM = re.compile(
    r"^[^\n]*slow_operation_alarm\.cc:\d+\] (?:The operation took [^\n]*\n)?"
    r"Constant folding an instruction is taking > [^\n]*\n(?:[^\n]*\n)*?If you'd like to file a bug[^\n]*(?:\n|$)",
    re.MULTILINE)

# What libtpu prints on stderr when it loads on a machine that is no TPU host (a compile for a
# TPU target, targets.py): it looks for the host's accelerator type and its workers' names, says
# it could not find them, and carries on. It says where the build ran, not what the program is,
# so these lines go, each matched whole (a Mosaic error's own source trace is kept).
LIBTPU_STARTUP = re.compile(
    r"^(?:Failed to find host bounds for accelerator type: WARNING: could not determine TPU accelerator type, "
    r"please set env var `TPU_ACCELERATOR_TYPE` manually[^\n]*\n"
    r"|WARNING: Logging before InitGoogle\(\) is written to STDERR\n"
    r"|E\d{4} [\d:.]+ +\d+ common_lib\.cc:\d+\] INVALID_ARGUMENT: Error: unexpected worker hostname 'WARNING: "
    r"could not determine TPU worker hostnames[^\n]*\n(?:=== Source Location Trace: === ?\n[^\n]*libtpu_init_utils\.cc:\d+\n)?)",
    re.MULTILINE)


@dataclasses.dataclass(frozen=True)
class Places:
    """The machine-specific folders that may appear in an output, and what each becomes."""

    root: Path  # the repository root
    cwd: Path | None = None  # where the snippet ran (a job folder); shown like the root
    temp: tuple[Path, ...] = ()  # temporary folders: become <tmp>
    site_packages: tuple[str, ...] = ()  # an older JAX's package folders (the version matrix): <site-packages>

    def replacements(self) -> list[tuple[str, str]]:
        """(path, placeholder) pairs, longest path first so nested folders win."""
        pairs = [(str(self.root), "")]
        if self.cwd is not None:
            pairs.append((str(self.cwd), ""))
        for scheme_path in {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}:
            pairs.append((scheme_path, "<site-packages>"))
        pairs += [(folder, "<site-packages>") for folder in self.site_packages]
        pairs.append((sysconfig.get_paths()["stdlib"], "<python>"))
        pairs += [(str(folder), "<tmp>") for folder in (*self.temp, Path(tempfile.gettempdir()))]
        pairs.append((os.path.expanduser("~"), "~"))
        unique = {path.rstrip("/"): label for path, label in pairs if path.rstrip("/")}
        return sorted(unique.items(), key=lambda pair: -len(pair[0]))


def to_text(data: bytes) -> str:
    """Decode as UTF-8, show what a terminal would, and make every other control byte visible."""
    text = data.decode("utf-8", errors="backslashreplace")
    text = ANSI_ESCAPE.sub("", text).replace("\r\n", "\n")
    text = "\n".join(_overwrite_carriage_returns(line) for line in text.split("\n"))
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _overwrite_carriage_returns(line: str) -> str:
    """A progress line `10%\\r20%` shows as the terminal leaves it: `20%`."""
    if "\r" not in line:
        return line
    shown = ""
    for part in line.split("\r"):
        shown = part + shown[len(part):]
    return shown


def normalize_paths(text: str, places: Places) -> str:
    """Replace machine paths by repository-relative paths and placeholders, in one pass."""
    labels = dict(places.replacements())
    # A known folder counts only where a path starts (not inside `snippets/tmp/`) and
    # ends (not `/tmpfoo`). Followed by '/', it loses its prefix; alone, it becomes
    # '.' (the repository, the snippet's folder) or its placeholder.
    pattern = re.compile(
        r"(?<![\w.~-])(?P<path>" + "|".join(map(re.escape, labels)) + r")(?P<slash>/|(?![\w.-]))"
    )

    def replace(match: re.Match) -> str:
        label = labels[match["path"]]
        if match["slash"]:
            # '/repo/' alone must not vanish: it is the folder itself.
            return f"{label}/" if label else ("" if _continues(text, match.end()) else "./")
        return label or "."

    text = pattern.sub(replace, text)
    text = RANDOM_TEMP_NAME.sub("<tmp>/tmpXXXXXXXX", text)
    text = OBJECT_ID.sub("id=…", MEMORY_ADDRESS.sub("0x…", text))
    text = LOG_TIME.sub(r"\g<level>:<time>:", text)
    text = TSL_LOG_TIME.sub("<time>: ", text)
    return ABSL_LOG_TIME.sub(r"\g<level><time> <thread> ", text)


def _continues(text: str, position: int) -> bool:
    return position < len(text) and (text[position].isalnum() or text[position] in "._-<~")


def normalize(data: bytes, places: Places, total_size: int | None = None, stopped: bool = False) -> str:
    """The text a page shows for `data`; `total_size` > len(data) means it was cut, and
    `stopped` that the snippet was stopped for printing more than `len(data)` bytes."""
    text = normalize_paths(LIBTPU_STARTUP.sub("", SLOW_FOLDING_ALARM.sub("", to_text(data))), places)
    if stopped:
        text = text.rstrip("\n") + (
            f"\n[… output cut: the snippet printed more than {len(data):,} bytes and was stopped there; "
            f"the first {len(data):,} are shown]\n"
        )
    elif total_size is not None and total_size > len(data):
        text = text.rstrip("\n") + (
            f"\n[… output cut: the snippet printed {total_size:,} bytes; the first {len(data):,} are shown]\n"
        )
    return text
