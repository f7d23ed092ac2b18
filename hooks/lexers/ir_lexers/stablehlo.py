"""StableHLO (MLIR) as JAX prints it: `lowered.as_text()` and `compiler_ir("stablehlo")`."""

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import Comment, Keyword, Name, Operator, Punctuation, Whitespace

from .common import PROSE


class StableHloLexer(RegexLexer):
    name = "StableHLO"
    aliases = ["stablehlo", "mlir"]
    filenames = ["*.mlir"]
    url = "https://openxla.org/stablehlo/spec"

    tokens = {
        "root": [
            # Source locations, in an op's trailing loc(...) and the #locN table: dimmed.
            (r"^#loc\d*\s*=.*$", Comment),
            (r"\bloc\(", Comment, "loc"),
            (r"\b(module|func\.func|public|private|attributes)\b", Keyword),
            (r"@[\w.$\-]+", Name.Function),
            (r"(%[\w.#$\-]+)", Name.Variable),
            (r"\^bb\d+", Name.Label),
            (r"\b(tensor|vector|memref)(<)", bygroups(Keyword.Type, Punctuation), "type"),
            (r"!\w+(?:\.\w+)*(?:<[^>\n]*>)?", Keyword.Type),
            (r"\b(?:[iuf]\d+|bf16|ui\d+|si\d+|index|complex<f\d+>)\b", Keyword.Type),
            # An op: dialect.name, as `stablehlo.add`, `func.return`, `sdy.sharding_constraint`.
            (r"\b((?:stablehlo|chlo|mhlo|func|sdy|shardy|tpu|mosaic_gpu|triton|arith|math|scf|vector|memref)\.[\w.]+)",
             Name.Builtin),
            (r"\b(array|dense|affine_map)(<)", bygroups(Name.Builtin, Punctuation)),
            (r"#(?:stablehlo|sdy|mhlo|tpu)\.[\w.]+", Name.Attribute),
            (r"\b([a-z_][\w.]*)(\s*=)(?!=)", bygroups(Name.Attribute, Operator)),
            (r"->|=", Operator),
            include("prose"),
        ],
        "type": [
            (r"<", Punctuation, "#push"),
            (r">", Punctuation, "#pop"),
            (r"[^<>\n]+", Keyword.Type),
        ],
        "loc": [
            (r"\(", Comment, "#push"),
            (r"\)", Comment, "#pop"),
            (r'"(?:[^"\\\n]|\\.)*"', Comment),
            (r"[^()\"\n]+", Comment),
            (r"\n", Whitespace, "#pop"),
        ],
        "prose": PROSE,
    }
