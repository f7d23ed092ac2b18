"""MkDocs hook: mends the search worker's token set, so that no query word breaks the search.

Material's search runs lunr 2.3.9 in a web worker. Lunr keeps the index's words twice: as a
table from each word to the pages that hold it, and as a token set (a graph of letters that
a query prefix such as `fusion*` is walked through). While building that graph, lunr merges
two nodes whose keys are equal, and the key of a node is its edges written one after the
other as letter and child number, with nothing between them. Once the letters are digits,
two different nodes can read alike: edges `1` to node 2 and `3` to node 4 give `01234`, and
so does one edge `1` to node 234. On this site, whose words are full of names like `x.1`
and `fusion.3`, such nodes got merged, the token set listed 12 words that the table does
not have, and every query that reached one of them failed in the worker (`Cannot read
properties of undefined (reading '_index')`): the reader saw "No matching documents" for
`fusion`, `slice` or `sort`. Which words collide depends on the whole index, so any new page
can break an old query (lunr issue 503, https://github.com/olivernn/lunr.js/issues/503,
is the same bug).

The mend puts a comma after each child number, which makes the key unambiguous: a letter
is one character and a number ends at its comma. It is applied to the worker the build
copies into the site, after every build. If Material's worker no longer holds the code
this mends (a new Material or lunr), the build stops and says so, instead of publishing a
search that may fail on some words. `tests/test_search.py` checks, on the built site, that
the token set lists no word the table lacks.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.exceptions import PluginError

WORKERS = Path("assets/javascripts/workers")

# Lunr's TokenSet.prototype.toString, minified: `for(var e=this.final?"1":"0",...){...;e=e+s+o.id}return e}`.
# The groups are the minifier's names for the key, the edge's letter and the child node.
NODE_KEY = re.compile(
    r'(TokenSet\.prototype\.toString=function\(\)\{if\(this\._str\)return this\._str;'
    r'for\(var (?P<key>\w+)=this\.final\?"1":"0",[^{}]*\{[^{}]*;'
    r'(?P=key)=(?P=key)\+(?P<letter>\w+)\+(?P<child>\w+)\.id)(?P<mend>\+",")?\}return (?P=key)\}')
MENDED = '+","'  # after the child's number: what makes the key unambiguous


def mended(worker: str, name: str) -> str:
    """The worker's source with the node key made unambiguous; the source as it was if it is already mended."""
    found = list(NODE_KEY.finditer(worker))
    if len(found) != 1:
        raise PluginError(
            f"hooks/search_worker.py: {name} holds {len(found)} copies of lunr's TokenSet.prototype.toString "
            "in the form this hook mends, not 1. Material's search worker changed: check whether lunr's "
            "token-set keys are still ambiguous (this file's docstring says how), then update NODE_KEY or "
            "remove this hook.")
    match = found[0]
    if match["mend"]:
        return worker
    return worker[:match.end(1)] + MENDED + worker[match.end(1):]


def on_post_build(config, **kwargs) -> None:
    workers = sorted((Path(config["site_dir"]) / WORKERS).glob("search.*.min.js"))
    if len(workers) != 1:
        raise PluginError(f"hooks/search_worker.py: expected one search worker in {WORKERS}, found "
                          f"{[path.name for path in workers]}")
    source = workers[0].read_text(encoding="utf-8")
    fixed = mended(source, str(workers[0].relative_to(config["site_dir"])))
    if fixed != source:
        workers[0].write_text(fixed, encoding="utf-8")
