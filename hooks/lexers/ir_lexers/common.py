"""Rules every IR lexer ends with: what is left of a line is prose, numbers or punctuation."""

from pygments.token import Number, Punctuation, String, Text, Whitespace

NUMBER = r"-?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|0x[0-9a-fA-F]+|\d+)\b|-?inf\b|nan\b"

PROSE = [
    (r"\s+", Whitespace),
    (r'"(?:[^"\\\n]|\\.)*"', String.Double),
    (r'"(?:[^"\\\n]|\\.)*?(?=[ \t]*…)', String.Double),  # a string cut short where a snippet elided the rest
    # Numbers joined by `_` or `x`, as HLO prints paddings and windows (`1_2_1`, `-1_0`,
    # `0_0x15_0`, `2x2`); before NUMBER, which would stop at the `_` or `x`.
    (r"-?\d+(?:[_x]-?\d+)+\b", Number),
    (NUMBER, Number),
    (r"\d+[A-Za-z_][\w'.-]*", Text),  # a word that starts with a digit: `2x`, `0x…` (an elided address)
    (r"[A-Za-z_][\w'.-]*", Text),
    (r"[()\[\]{}<>,;:=|+*/\\@#%&!?^~`$'.-]", Punctuation),
    (r"[…→×·]", Text),  # what snippets print around the IR: elisions, arrows
]
# Nothing else: a character no rule knows is an Error token, and tests/test_lexers.py
# fails on any Error token in a live output, so a misread line cannot pass unnoticed.
