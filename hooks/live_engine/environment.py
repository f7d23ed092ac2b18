"""The process environment snippets run in: the same on every machine, whatever the shell holds.

A reader's shell may hold anything: PATH (a snippet that calls `shutil.which`),
PYTHONPATH, PYTHONWARNINGS, OMP_* and OPENBLAS_* thread settings, XLA_FLAGS. None
of it may reach a snippet, or an output would depend on who built the site. So a
worker gets an allowlist: the few variables below, fixed or passed through, plus
what the snippet itself sets before `import jax`.
"""

from __future__ import annotations

import os
import sys

Environment = tuple[tuple[str, str], ...]  # sorted (name, value) pairs, as snippets.py collects them

# Passed through from the engine's own environment: who the user is, where their home
# is (home paths are normalized to `~`), and whether Python may write bytecode (a
# read-only or shared install forbids it). None changes what a snippet prints.
PASSED_THROUGH = ("HOME", "USER", "LOGNAME", "PYTHONDONTWRITEBYTECODE")

# Fixed, whatever the shell says. Part of the engine's source, so changing one changes every cache key.
FIXED = {
    "PATH": os.pathsep.join((os.path.dirname(os.path.abspath(sys.executable)), "/usr/local/bin", "/usr/bin", "/bin")),
    "PYTHONHASHSEED": "0",  # set and dict-of-set orders stay the same from build to build
    "PYTHONUTF8": "1",  # text files and pipes are UTF-8 whatever the locale
    "LC_ALL": "C.UTF-8",
    "TZ": "UTC",
}

# JAX reads its JAX_* variables when it is imported, so snippets that set different
# ones need workers of their own. Everything else a snippet sets (XLA_FLAGS, read when
# a backend starts; LIBTPU_INIT_ARGS) is set in the snippet's forked child instead.
READ_AT_IMPORT_PREFIX = "JAX_"


def worker_environment(env: Environment, python: str = sys.executable) -> dict[str, str]:
    """The whole process environment of a worker (or a kernel) running snippets that set `env`.

    `python` is the interpreter it runs: an older JAX's environment (the version matrix)
    puts its own `bin` first on PATH, as activating it would.
    """
    passed = {name: os.environ[name] for name in PASSED_THROUGH if name in os.environ}
    fixed = FIXED
    if python != sys.executable:
        rest = FIXED["PATH"].split(os.pathsep)[1:]
        fixed = FIXED | {"PATH": os.pathsep.join((os.path.dirname(os.path.abspath(python)), *rest))}
    return passed | fixed | dict(env)


def read_at_import(env: Environment) -> Environment:
    """The part of a snippet's environment that `import jax` reads: what its worker must be started with."""
    return tuple((name, value) for name, value in env if name.startswith(READ_AT_IMPORT_PREFIX))
