"""Commands an author runs from the repository root; no hook imports them, and no build runs them.

- `move_pin.py` (with `pin_move/`): move the site to a new JAX release,
  `uv run python hooks/author_commands/move_pin.py all 0.13.0`;
- `recipe_notebooks.py`: make each recipe's notebook from its page and snippet,
  `uv run python hooks/author_commands/recipe_notebooks.py`.

Like every helper package here, it imports only itself and `live_engine` (README, "Layout").
"""
