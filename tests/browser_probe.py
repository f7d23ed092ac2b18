"""Run only by test_browser_rule.py, in a pytest of its own: one test that needs the browser
(the `context` fixture, from conftest.py)."""


def test_needs_a_browser(context):
    assert context.new_page() is not None
