"""hooks/search_worker.py: the mend of lunr's token-set key, on Material's worker as installed."""

from __future__ import annotations

from pathlib import Path

import material
import pytest
from mkdocs.exceptions import PluginError

from search_worker import MENDED, NODE_KEY, WORKERS, mended

WORKER = next((Path(material.__file__).parent / "templates" / WORKERS).glob("search.*.min.js"))


def test_the_installed_worker_is_mended_once_and_a_mended_one_is_left_as_it_is():
    source = WORKER.read_text(encoding="utf-8")
    fixed = mended(source, WORKER.name)
    assert len(fixed) == len(source) + len(MENDED)
    assert NODE_KEY.search(fixed)["mend"] == MENDED and NODE_KEY.search(source)["mend"] is None
    assert mended(fixed, WORKER.name) == fixed


@pytest.mark.parametrize("copies", [0, 2])
def test_a_worker_without_exactly_one_key_function_stops_the_build(copies):
    source = WORKER.read_text(encoding="utf-8")
    function = NODE_KEY.search(source).group(0)
    changed = source.replace(function, "") if copies == 0 else source + function
    with pytest.raises(PluginError, match=f"holds {copies} copies of lunr's TokenSet.prototype.toString"):
        mended(changed, "search.x.min.js")
