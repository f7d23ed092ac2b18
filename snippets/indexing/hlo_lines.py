"""Pick the lines worth reading out of a jaxpr or an HLO module.

The indexing chapter's snippets print a few lines of each program, not the
whole text: the equation or the instruction that a piece of Python became.
"""

import re

# `name = shape opcode(`; a tuple shape holds spaces, so it is matched in parentheses.
INSTRUCTION = re.compile(r"^\s*(?:ROOT )?%?[\w.\-]+ = (?:\(.*?\)|\S+) ([\w-]+)\(")
# `c:f32[5] = name[` or `c:f32[5] = name ` in a jaxpr.
EQUATION = re.compile(r"^\s*(?:\S+:\S+ )+= ([\w-]+)[\[ ]")


def hlo(text, *opcodes):
    """The instruction lines of `text` whose opcode is one of `opcodes`, without metadata."""
    found = [line.split(", metadata=")[0].strip() for line in text.splitlines()
             if (match := INSTRUCTION.match(line)) and match.group(1) in opcodes]
    return "\n".join(found)


def jaxpr(closed_jaxpr, *primitives):
    """The equations of a jaxpr (nested ones included) whose primitive is one of `primitives`.

    A long equation is printed over several lines, from `name[` to `] operands`; all are kept.
    """
    lines, found = str(closed_jaxpr).splitlines(), []
    for i, line in enumerate(lines):
        if (match := EQUATION.match(line)) and match.group(1) in primitives:
            indent = len(line) - len(line.lstrip())
            end = i
            if line.endswith("["):
                end = next(j for j in range(i + 1, len(lines)) if lines[j].strip().startswith("]"))
            found += [part[indent:] for part in lines[i : end + 1]]
    return "\n".join(found)


def computation(text, name):
    """The lines of the computation called `name`, from its header to its closing brace."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"%?{re.escape(name)} ", line))
    end = lines.index("}", start)
    return "\n".join(line.split(", metadata=")[0] for line in lines[start : end + 1])


def called(line, attribute="to_apply"):
    """The computation that an instruction line names in `attribute=`."""
    return re.search(rf"{attribute}=%?([\w.\-]+)", line).group(1)


def opcodes(text):
    """Every opcode of the module in the order of the text, parameters and constants left out."""
    return [m.group(1) for line in text.splitlines()
            if (m := INSTRUCTION.match(line)) and m.group(1) not in ("parameter", "constant")]


def entry_summary(text):
    """What ENTRY runs, parameters left out; a fusion as kind[the opcodes inside it]."""
    inside, current = {}, None
    for line in text.splitlines():
        if header := re.match(r"(?:ENTRY )?%?([\w.\-]+) .*\{$", line):
            current = header.group(1)
        elif match := INSTRUCTION.match(line):
            inside.setdefault(current, []).append(match.group(1))
    summary = []
    for line in text[text.index("\nENTRY") :].splitlines()[1:]:
        match = INSTRUCTION.match(line)
        if not match or match.group(1) == "parameter":
            continue
        if match.group(1) == "fusion":
            kind = re.search(r"kind=(\w+)", line).group(1)
            body = sorted(set(inside[called(line, "calls")]) - {"parameter", "constant", "bitcast"})
            summary.append(f"{kind}[{' '.join(body)}]")
        else:
            summary.append(match.group(1))
    return "  ".join(summary)
