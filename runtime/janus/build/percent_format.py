"""Inside the builder: printf-style `"loss %.4f" % value` with Python numbers the graph
computes → a values.GraphText formatted after the graph, as f-strings are.

Each conversion becomes the format() spec that gives the same text: `%.4f` is
`format(v, ".4f")`, `%-8d` is `format(v, "<8d")`, `%10s` is `format(str(v), ">10")`
(printf right-aligns strings, format() left-aligns them).  Values known at build time
(constants the build guarded) are formatted now.  What has no exact format() spelling is
refused: `%d` of a float (printf truncates it), `%c`, `*` widths, `%(name)s` mappings.
"""

import re

from ..errors import Unsupported
from ..guards import SPECIALISABLE
from ..semantics import numbers
from ..values import GraphText, is_symbolic
from . import control

_CONVERSION = re.compile(r"%(?P<key>\([^)]*\))?(?P<flags>[-+ 0#]*)(?P<width>\*|\d+)?"
                         r"(?:\.(?P<precision>\*|\d+))?[hlL]?(?P<type>.)", re.DOTALL)
_INTEGER_TYPES = {"d": "d", "i": "d", "u": "d", "o": "o", "x": "x", "X": "X"}
_FLOAT_TYPES = set("eEfFgG")


def graph_text(template, args, number_of, code, offset):
    """`template % args` as a GraphText; `args` holds a value the graph computes."""
    values = args if type(args) is tuple else (args,)
    if not any(is_symbolic(v) for v in values):
        raise Unsupported("%-formatting a container holding a value the graph computes",
                          code, offset)
    parts, position, index = [], 0, 0
    for match in _CONVERSION.finditer(template):
        parts.append(template[position:match.start()])
        position = match.end()
        kind = match["type"]
        if kind == "%" and not match.group(0)[1:-1]:
            parts.append("%")
            continue
        if match["key"] is not None or "*" in (match["width"] or "", match["precision"] or ""):
            raise Unsupported("%-formatting with a mapping key or a * width of a number "
                              "the graph computes", code, offset)
        if index >= len(values):
            raise Unsupported("%-formatting with fewer values than conversions", code, offset)
        value = values[index]
        index += 1
        if not is_symbolic(value):
            if type(value) not in SPECIALISABLE:
                raise Unsupported(f"%-formatting a {type(value).__name__} beside a number "
                                  "the graph computes", code, offset)
            parts.append(match.group(0) % (value,))
            continue
        parts.append((value, *_conversion_and_spec(match, numbers.python_type_of(
            value, number_of), code, offset)))
    if index != len(values):
        raise Unsupported("%-formatting with more values than conversions", code, offset)
    parts.append(template[position:])
    return GraphText(p for p in parts if p != "")


def _conversion_and_spec(match, kind, code, offset):
    flags, width, precision, conversion = (match["flags"], match["width"] or "",
                                           match["precision"], match["type"])
    if kind not in (int, float, bool):
        why = control.MIXED if kind == control.MIXED else "a tensor"
        raise Unsupported(f"%-formatting {why} (only Python numbers the graph computes)",
                          code, offset)
    align = "<" if "-" in flags else ""
    if conversion in "sra":
        spec = (align or ">") + width + ("" if precision is None else "." + precision)
        return conversion, spec
    if conversion in _INTEGER_TYPES and kind is not float:
        spec_type = _INTEGER_TYPES[conversion]
    elif conversion in _FLOAT_TYPES:
        spec_type = conversion
    else:
        raise Unsupported(f"%{conversion} of a {kind.__name__} the graph computes", code,
                          offset)
    sign = "+" if "+" in flags else " " if " " in flags else ""
    zero = "0" if "0" in flags and not align else ""
    spec = (align + sign + ("#" if "#" in flags else "") + zero + width
            + ("" if precision is None else "." + precision) + spec_type)
    return "", spec
