"""Rules every IR lexer ends with: what is left of a line is prose, numbers or punctuation."""

from pygments.token import Number, Punctuation, String, Text, Whitespace

NUMBER = r"-?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|0x[0-9a-fA-F]+|\d+)\b|-?inf\b|nan\b"

PROSE = [
    (r"\s+", Whitespace),
    (r'"(?:[^"\\\n]|\\.)*"', String.Double),
    (r'"(?:[^"\\\n]|\\.)*?(?=[ \t]*…)', String.Double),  # a string cut short where a snippet elided the rest
    (NUMBER, Number),
    (r"[A-Za-z_][\w'.-]*", Text),
    (r"[()\[\]{}<>,;:=|+*/\\@#%&!?^~`$'.-]", Punctuation),
    (r"[…→×·]", Text),  # what snippets print around the IR: elisions, arrows
]
# Nothing else: a character no rule knows is an Error token, and tests/test_lexers.py
# fails on any Error token in a live output, so a misread line cannot pass unnoticed.
