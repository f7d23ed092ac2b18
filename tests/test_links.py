"""Every internal link and anchor of the built site resolves, checked by LinkChecker over HTTP.

MkDocs' own validation (anchors at `warn`, with `strict: true`) already fails the
build on a broken Markdown link; this checks the HTML that readers get, theme and
all. External links are not followed: the tests run without a network.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

LINKCHECKER_CONFIG = """\
[filtering]
checkextern=0

[AnchorCheck]
"""


def test_the_built_site_has_no_broken_internal_link_or_anchor(served_site, tmp_path):
    config = tmp_path / "linkcheckerrc"
    config.write_text(LINKCHECKER_CONFIG)
    linkchecker = Path(sys.executable).parent / "linkchecker"
    result = subprocess.run(
        [str(linkchecker), "--config", str(config), "--no-status", "--output", "text", served_site],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # A missing anchor is a warning to LinkChecker, so warnings fail the test too.
    assert "0 warnings found" in result.stdout and "0 errors found" in result.stdout, result.stdout
