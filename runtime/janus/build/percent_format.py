"""Inside the builder: printf-style `"loss %.4f" % value` with Python numbers the graph
computes → a values.GraphText formatted after the graph, as f-strings are.

Each conversion of such a number is applied after the graph, to the Python number it
stands for, by Python's %-formatting itself (values.GraphText.render): `%.4d`, `%-8.3f`,
`%d` of a float give eager's text.  Values known at build time (constants the build
guarded) are formatted now.  `*` widths and `%(name)s` mappings are refused.
"""

import re

from ..errors import Unsupported
from ..guards import SPECIALISABLE
from ..semantics import numbers
from ..values import GraphText, is_symbolic
from . import control

_CONVERSION = re.compile(r"%(?P<key>\([^)]*\))?(?P<flags>[-+ 0#]*)(?P<width>\*|\d+)?"
                         r"(?:\.(?P<precision>\*|\d+))?[hlL]?(?P<type>.)", re.DOTALL)
# The conversions that cannot fail on a number of each kind the graph carries (an int
# is int64 there): `%c` and `%d` of a float can (OverflowError of an inf, a code point
# out of range), after the graph has run, where eager fails at the `%`.
_SAFE = {int: set("diuoxXeEfFgGsra"), bool: set("diuoxXeEfFgGsra"),
         float: set("eEfFgGsra")}


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
    """A printf conversion of a number the graph computes: applied after the graph by
    Python's own %-formatting (GraphText.render), which no format() spec spells
    exactly for all of them (`%.4d` pads digits with zeros, `%d` of a float truncates)."""
    if kind not in (int, float, bool):
        why = control.MIXED if kind == control.MIXED else "a tensor"
        raise Unsupported(f"%-formatting {why} (only Python numbers the graph computes)",
                          code, offset)
    if match["type"] not in _SAFE[kind]:
        raise Unsupported(f"%{match['type']} of a {kind.__name__} the graph computes (it "
                          "can fail on some values, after the graph has run)", code, offset)
    return "%", match.group(0)
