"""What the `live.py` hook adds to pages besides the snippets' outputs; used by it alone.

- `ir_links`: each opcode and primitive in a listing linked to its reference row;
- `notebook_pages`: the notebook page, executed through the engine, as MkDocs renders it;
- `recipe_links`: a recipe page's links to its notebook, to download or open in Colab.

Like every helper package here, it imports only itself and `live_engine` (README, "Layout").
"""
