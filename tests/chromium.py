"""Which Chromium the browser tests drive, and what happens when there is none.

Playwright cannot download its own browsers here, so the tests drive a Chromium that
is already installed. On a reader's fresh machine there may be none: the browser
tests are then skipped with a reason that says what to install, and the run's summary
says so in one line. Where a skip would hide a failure (CI, or `--require-browser`),
a missing Chromium fails instead.
"""

from __future__ import annotations

import os
import shutil

DEFAULT = "/usr/bin/chromium"  # Debian's package: `apt-get install chromium`, as .ci/run does
VARIABLE = "CHROMIUM"  # another Chromium or Chrome, e.g. /usr/bin/google-chrome on GitHub's runners
HOW_TO_GET_ONE = (f"install Debian's chromium (apt-get install chromium) or point {VARIABLE} at a "
                  "Chromium or Chrome executable")


def executable() -> str | None:
    """The browser to drive: $CHROMIUM if set (it must exist), else Debian's, else None."""
    wanted = os.environ.get(VARIABLE)
    if wanted:
        return shutil.which(wanted)
    return shutil.which(DEFAULT)


def missing_reason() -> str:
    wanted = os.environ.get(VARIABLE)
    where = f"{VARIABLE}={wanted} is not an executable" if wanted else f"no Chromium at {DEFAULT}"
    return f"no Chromium to drive: {where}; {HOW_TO_GET_ONE}"


def required(config) -> bool:
    """True where a missing browser must fail: under CI=true, or with --require-browser."""
    return config.getoption("require_browser") or os.environ.get("CI", "").lower() in {"1", "true", "yes"}
