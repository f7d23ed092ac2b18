"""Where a snippet that writes files writes them: a folder of its own, emptied on every run.

A snippet that dumps (XLA_FLAGS="--xla_dump_to=dump", JAX_DUMP_IR_TO, compile
options, ...) calls `fresh_folder(__file__)` before anything else. Its files then
land in `scratch/CHAPTER/NAME/` under the folder it was started from (`scratch/`
is git-ignored), that folder starts empty on every run, so a second run prints
what the first printed, and the relative paths the snippet prints (`dump/...`)
are the same wherever it runs. Chapters import this module through a symlink
`scratch.py` in their own snippet folder, as they do `mlp.py`.
"""

import os
import shutil
from pathlib import Path


def fresh_folder(snippet_file):
    """Make scratch/CHAPTER/NAME/ under the current folder, empty it, and change into it."""
    snippet = Path(snippet_file)
    folder = Path.cwd() / "scratch" / snippet.parent.name / snippet.stem
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    os.chdir(folder)
    return folder
