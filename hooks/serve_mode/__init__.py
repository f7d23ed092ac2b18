"""What `mkdocs serve` needs beyond a plain build; used by the `live.py` hook alone.

- `first_serve`: the first build of a serve shows every page at once, outputs the cache
  lacks taken from their records, and rebuilds as the snippets behind them finish;
- `unchanged_pages`: a save plans only the chapters whose text, snippets or modules changed;
- `serve_polling`: saves are looked for every 0.1 s instead of MkDocs' 0.5 s.

Like every helper package here, it imports only itself and `live_engine` (README, "Layout").
"""
