"""Work a build keeps for the next one, in the cache folder; used by the `warm_caches.py` hook alone.

- `memo_file`: a dictionary of results in one JSON file, pruned by a whole build;
- `highlight_cache`: each code block's highlighted HTML;
- `render_memo`: each page's Markdown converted to HTML;
- `search_cache`: each page's sections for the search index;
- `template_memo`: compiled templates, and a page's rendering when none of its inputs changed.

Like every helper package here, it imports only itself and `live_engine` (README, "Layout").
"""
