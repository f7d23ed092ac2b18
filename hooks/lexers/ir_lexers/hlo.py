"""HLO text: what `as_text()`, `compiler_ir("hlo")` and XLA's dump files print."""

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from .common import NUMBER, PROSE

DTYPE = r"(?:pred|s4|s8|s16|s32|s64|u4|u8|u16|u32|u64|f8e\w+|bf16|f16|f32|f64|c64|c128|token|opaque)"
SHAPE = DTYPE + r"\[[\d,?<=]*\]"
NAME = r"%?[A-Za-z_][\w.\-]*"


class HloLexer(RegexLexer):
    name = "HLO"
    aliases = ["hlo"]
    filenames = ["*.hlo"]
    url = "https://openxla.org/xla/operation_semantics"

    tokens = {
        "root": [
            # The source-location tables at the end of optimized text: dimmed.
            (r"^(FileNames|FunctionNames|FileLocations|StackFrames)$", Comment.Special),
            (r'^\d+ (?:"[^"\n]*"|\d+(?: \d+)*|\{[^{}\n]*\})[ \t]*$', Comment),
            (r"/\*.*?\*/", Comment.Multiline),
            (r"(metadata)(=)(\{)", bygroups(Name.Attribute, Operator, Comment), "metadata"),
            (r"\b(HloModule)(\s+)(" + NAME + ")", bygroups(Keyword.Namespace, Whitespace, Name.Namespace)),
            (r"\b(ENTRY|ROOT)\b", Keyword),
            # A computation's header: `%name (params) -> shape {` or `name {`.
            (r"^(" + NAME + r")(?=\s*(?:\(|\{\s*$))", Name.Function),
            (r"(?<=ENTRY )(" + NAME + ")", Name.Function),
            # An instruction: `name = shape opcode(operands)`.
            (r"(" + NAME + r")(\s*)(=)(?=\s)", bygroups(Name.Variable, Whitespace, Operator)),
            (SHAPE, Keyword.Type),
            (r"\b" + DTYPE + r"\b(?!\()", Keyword.Type),
            (r"(?<=\])\{[\d,]*(?::[^}]*)?\}", Name.Label),  # the layout right after a shape
            (r"\b(constant)(\()", bygroups(Name.Builtin, Punctuation), "constant"),
            (r"\b([a-z][a-z0-9\-]*)(\()", bygroups(Name.Builtin, Punctuation), "operands"),  # opcode(
            (r"\b(calls|to_apply|condition|body|true_computation|false_computation|branch_computations)(=)",
             bygroups(Name.Attribute, Operator), "computation_refs"),
            (r"\b([a-z_][\w]*)(=)", bygroups(Name.Attribute, Operator)),
            (r"%[\w.\-]+", Name.Variable),
            (r"\bk(?:Loop|Input|Output|Custom|Call)\b", Name.Constant),
            include("prose"),
        ],
        "metadata": [
            (r'"(?:[^"\\\n]|\\.)*"', Comment),
            (r"\}", Comment, "#pop"),
            (r"[^\"}]+", Comment),
        ],
        "constant": [
            (r"\(", Punctuation, "#push"),
            (r"\)", Punctuation, "#pop"),
            (NUMBER, Number),
            (r"\b(?:true|false)\b", Number),
            (r"[\s,{}]+|\.\.\.", Punctuation),
            (r"[^()\s,{}]+", Number),
        ],
        # An instruction's operands: names (with or without %, as optimized and unoptimized
        # text print them), sometimes with their shapes.
        "operands": [
            (r"\(", Punctuation, "#push"),
            (r"\)", Punctuation, "#pop"),
            (SHAPE, Keyword.Type),
            (r"(?<=\])\{[\d,]*(?::[^}]*)?\}", Name.Label),
            (NAME, Name.Variable),
            (NUMBER, Number),  # parameter(0)
            (r"\n", Whitespace, "#pop"),
            include("prose"),  # a program's own text that happens to look like a call
        ],
        "computation_refs": [
            (r"\{", Punctuation),
            (NAME, Name.Function),
            (r",\s*(?=%)", Punctuation),
            (r"\}", Punctuation, "#pop"),
            (r"", Whitespace, "#pop"),
        ],
        "prose": PROSE,
    }
