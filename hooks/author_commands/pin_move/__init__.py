"""Moving the site to a new JAX release: the mechanical steps, for `hooks/author_commands/move_pin.py`.

Each module does one step, and each step can run alone (an author may bump by hand):

- `pyproject_edit`: the new pin in pyproject.toml (`jax==`, `jaxlib==`, `[tool.live]`);
- `commands`: `uv lock`, `uv sync`, and `pytest docs/ --accept-outputs` for the records;
- `links`, `relocate`, `sources`: jax source links moved to the new tag, their line anchors
  moved to where the same code is now;
- `checklist`: every record that changed, by chapter, with the sentences around it.

Nothing here is imported by the engine or the MkDocs hooks, and snippets cannot import it
(the project's wheel installs only the lexers), so it never changes what a page shows.
"""
