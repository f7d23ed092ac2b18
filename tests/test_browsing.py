"""tests/browsing.py's process helper: the visits' Chromium runs at the lowest priority, the suite does not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

AUTOGROUP = Path("/proc/self/autogroup")

# In a process of its own, so that only its own child is below it (this session's snippet workers
# are in sessions of their own too, and must keep their priority).
CHILD_IN_ITS_OWN_SESSION = """
import json, os, subprocess, sys
from pathlib import Path
sys.path[:0] = sys.argv[1:]
from browsing import lowest_priority_below
child = subprocess.Popen(["sleep", "30"], start_new_session=True)  # as Playwright starts Chromium
try:
    groups = lowest_priority_below(os.getpid())
    print(json.dumps([groups, Path(f"/proc/{child.pid}/autogroup").read_text().split(),
                      Path("/proc/self/autogroup").read_text().split()]))
finally:
    child.kill()
"""


@pytest.mark.skipif(not AUTOGROUP.exists(), reason="no autogroup scheduling here: nice values alone apply")
def test_a_child_in_a_session_of_its_own_gets_the_lowest_priority_and_ours_is_left_alone():
    ours = AUTOGROUP.read_text()
    here = Path(__file__).parent
    result = subprocess.run([sys.executable, "-c", CHILD_IN_ITS_OWN_SESSION, str(here), str(here.parent / "hooks")],
                            capture_output=True, text=True, timeout=60, check=True)
    groups, (child_group, _, child_nice), (own_group, _, own_nice) = json.loads(result.stdout)
    assert groups == [child_group] and child_nice == "19"
    assert own_group != child_group and own_nice == ours.split()[2]
    assert AUTOGROUP.read_text() == ours
