"""printf-style formatting of numbers the graph computes (janus/build/percent_format.py): each
conversion's format() spelling gives Python's `%` text, for ints, floats and bools."""

import pytest

from janus.build import percent_format
from janus.errors import Unsupported

CONVERT = {"": lambda v: v, "s": str, "r": repr, "a": ascii}
SPECS = ["%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%x", "%#X", "%#o", "%i",
         "%f", "%.3f", "%10.2f", "%-10.2f|", "%+.1e", "%E", "%g", "%.3g", "%#g", "%012.4f",
         "%s", "%10s", "%-10s|", "%.3s", "%r", "%8r", "%a"]
VALUES = [0, 7, -42, 123456789, 2 ** 40, True, False, 0.0, -0.0, 3.14159, -2.5e-7, 1e22,
          float("inf"), float("nan")]


def _text(spec, value):
    match = percent_format._CONVERSION.match(spec)
    conversion, format_spec = percent_format._conversion_and_spec(match, type(value), None, 0)
    return format(CONVERT[conversion](value), format_spec) + spec[match.end():]


@pytest.mark.parametrize("spec", SPECS)
def test_each_conversion_matches_python(spec):
    for value in VALUES:
        integer_only = spec[-1] in "dixXo" or spec.endswith("d|")
        if integer_only and type(value) is float:
            with pytest.raises(Unsupported):
                _text(spec, value)
            continue
        assert _text(spec, value) == spec % (value,), (spec, value)
