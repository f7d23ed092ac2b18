"""Pygments lexers for the three texts JAX's compiler prints: jaxprs, StableHLO and HLO.

Registered under the `pygments.lexers` entry point (see pyproject.toml), so Pygments
finds them by name: `pygmentize -l hlo FILE`, or a ```` ```hlo ```` fence on the site.
Each token carries what the reader looks for, as one Pygments token type per role:

| role                                      | token            |
|-------------------------------------------|------------------|
| opcode (HLO, StableHLO op) or primitive   | Name.Builtin     |
| shape and dtype                           | Keyword.Type     |
| layout (`{1,0}`)                          | Name.Label       |
| instruction or variable name              | Name.Variable    |
| attribute or parameter key                | Name.Attribute   |
| computation or function name              | Name.Function    |
| constant (numbers, literal values)        | Number           |
| metadata and source-location tables       | Comment          |

Printed outputs mix IR with a program's own lines (headers, counts); those lex as
plain text, never as errors.
"""

from .hlo import HloLexer
from .jaxpr import JaxprLexer
from .stablehlo import StableHloLexer

__all__ = ["HloLexer", "JaxprLexer", "StableHloLexer"]
