"""`pytest docs/` on a scratch project: items run their snippets in parallel and report both lines.

The scratch project holds a copy of docs/conftest.py, so what is tested is the front
door `pytest docs/` uses, not a stand-in.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Each of the two snippets announces itself, then waits for the other: run one after the
# other, the first would wait in vain and time out; started together, both finish.
MEETS = """\
import pathlib
import time

folder = pathlib.Path({folder!r})
(folder / "{me}").touch()
for _ in range(400):
    if (folder / "{other}").exists():
        break
    time.sleep(0.05)
print("{me} met {other}:", (folder / "{other}").exists())
"""


def scratch_project(folder: Path, meeting: Path) -> None:
    (folder / "docs").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "conftest.py", folder / "docs" / "conftest.py")
    (folder / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [tool.pytest.ini_options]
        pythonpath = [{str(ROOT / "hooks")!r}]
        [tool.live]
        parallel = 2
        timeout = 30
    """))
    (folder / "snippets").mkdir()
    (folder / "snippets" / "a.py").write_text(MEETS.format(folder=str(meeting), me="a", other="b"))
    (folder / "snippets" / "b.py").write_text(MEETS.format(folder=str(meeting), me="b", other="a"))
    (folder / "snippets" / "bad.py").write_text("values = [1, 2]\nprint(values[5])\n")
    (folder / "docs" / "page.md").write_text(textwrap.dedent("""\
        # Page

        <!-- live: a.py -->

        <!-- live: b.py -->

        ```python
        >>> outputs["a.py"], outputs["b.py"]
        ('a met b: True\\n', 'b met a: True\\n')

        ```

        <!-- live: bad.py -->
    """))


def test_items_start_together_and_a_failure_names_the_chapter_line_and_the_snippet_line(tmp_path):
    scratch_project(tmp_path / "project", tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIVE_")}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "docs"],
                         cwd=tmp_path / "project", env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stdout
    assert run.stdout.splitlines()[-1].startswith("1 failed, 3 passed"), run.stdout
    assert "docs/page.md:13: snippets/bad.py:2: IndexError: list index out of range" in run.stdout
