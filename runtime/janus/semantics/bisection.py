"""`bisect.bisect_left/right(a, x)` in a step → Python's own answer: at build time for
an `x` the guards pin, and at run time, by the bisect function itself on the host, for
a number the graph carries (an epoch counter looked up in a list of milestones).

The list's contents are guarded where the step reads them (build/calls.py), so the
callback holds a copy of them; a list of anything but ints and floats, a `key=`, `lo`
or `hi`, and an `x` that is not a Python number are refused.
"""

import bisect

import numpy as np
import tensorflow as tf

from ..errors import Unsupported
from . import numbers

FUNCTIONS = (bisect.bisect_left, bisect.bisect_right)


def search(b, fn, items, x, code, offset):
    """fn(items, x) with `items` the guarded list's items (plain ints and floats)."""
    name = f"bisect.{fn.__name__}"
    if not all(type(item) in (int, float) for item in items):
        raise Unsupported(f"{name}() of a list holding other than ints and floats", code,
                          offset)
    kind = numbers.python_type_of(x, b.provenance.number_of)
    if kind not in numbers.NUMBERS:
        raise Unsupported(f"{name}() of a {type(x).__qualname__}", code, offset)
    if type(x) in numbers.NUMBERS:
        return fn(items, x)
    held = list(items)

    def run(value):
        return np.array(fn(held, kind(value.item())), np.int64)

    index = tf.numpy_function(run, [numbers.carry(x, kind)], tf.int64, stateful=False,
                              name=f"python_{fn.__name__}")
    index.set_shape(())
    b.promote(index, int)
    return index
