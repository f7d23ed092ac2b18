"""Jaxprs as `jax.make_jaxpr(f)(...)` and `traced.jaxpr` print them."""

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import Comment, Keyword, Name, Operator, Punctuation, Whitespace

from .common import PROSE

DTYPE = r"~?(?:bool|int4|int8|int16|int32|int64|uint8|uint16|uint32|uint64|float0|float8_\w+|bfloat16|float16|float32|float64|complex64|complex128|f16|f32|f64|bf16|i8|i16|i32|i64|u8|u16|u32|u64|c64|c128|key<\w+>)"
TYPE = DTYPE + r"\[[^\]\n]*\]"


class JaxprLexer(RegexLexer):
    name = "Jaxpr"
    aliases = ["jaxpr"]
    filenames = ["*.jaxpr"]
    url = "https://docs.jax.dev/en/latest/jaxpr.html"

    tokens = {
        "root": [
            # pretty_print(source_info=True) ends an equation's first line with its location,
            # `# snippets/x.py:7:12 (f)`, or a bare `#` when it has none: dimmed, as in the other IRs.
            (r"#(?:[ \t]+[^\s#]+:\d+(?::\d+)?(?:[ \t]+\([^)\n]*\))?)?(?=[ \t]*$)", Comment),
            (r"\b(lambda|let|in)\b", Keyword),
            # A binder or a use with its type: `b:f32[8,16]`.
            (r"([A-Za-z_]\w*)(:)(" + TYPE + ")", bygroups(Name.Variable, Punctuation, Keyword.Type)),
            (TYPE, Keyword.Type),
            # An equation: `outs = primitive[params] args`.
            (r"(=)(\s*)([a-z_][\w]*)(?=[\[\s]|$)", bygroups(Operator, Whitespace, Name.Builtin)),
            (r"\b([a-z_][\w]*)(=)(?!=)", bygroups(Name.Attribute, Operator)),
            # A bare variable among an equation's arguments or outputs.
            (r"(?<![\w.])([a-z]{1,3}|_)(?![\w(:.=])", Name.Variable),
            include("prose"),
        ],
        "prose": PROSE,
    }
