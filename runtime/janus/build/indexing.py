"""`table[i]` of a list or tuple of Python numbers at an index the graph computes (a
learning rate per stage, `RATES[bisect.bisect_right(MILESTONES, epoch)]`), or of a dict
of numbers keyed by ints (`SCALES[stage]`) → a gather from the table's items, which are
guarded where they were read.

An index out of range, or a key the dict does not hold, fails an in-graph check: that
call runs in the interpreter, which raises the IndexError or KeyError.  The item is one
of the table's own objects in eager, and stored or returned it is that object
(build/outputs.py `_Picked`: the program's container read again after the call, or the
code's constants); a table of numbers the call computed, new
objects at every call, is refused there.
"""

import tensorflow as tf

from ..errors import Unsupported
from ..semantics import numbers
from ..state import reads
from ..values import KEPT_UNKNOWN, is_symbolic


def number_at(b, table, index, code, offset):
    """table[index]: `table` a list or tuple of ints or of floats (read and guarded),
    `index` a Python int the graph carries."""
    if numbers.python_type_of(index, b.provenance.number_of) not in (int, bool):
        raise Unsupported("an index the graph computes that is not a Python int", code,
                          offset)
    items = reads.iterated(b, table, code, offset)
    kinds = {type(item) for item in items}
    if not items or len(kinds) != 1 or kinds - {int, float} or any(map(is_symbolic, items)):
        raise Unsupported(f"item at an index the graph computes of a "
                          f"{type(table).__qualname__} holding other than numbers of one "
                          "type (ints or floats)", code, offset)
    kind = kinds.pop()
    if kind is int and not all(numbers.INT64_MIN <= item <= numbers.INT64_MAX
                               for item in items):
        raise Unsupported("item at an index the graph computes of a list of ints beyond "
                          "int64", code, offset)
    position = numbers.carry(index, int)
    size = len(items)
    b.check(tf.logical_and(position >= -size, position < size),
            f"an index into a {type(table).__qualname__} of {size} items is out of range")
    position = tf.where(position < 0, position + size, position)
    value = tf.gather(tf.constant(items, numbers.CARRY[kind]), position)
    b.promote(value, kind)
    acc = b.provenance.source_of(table)
    if acc is not None or not any(map(b.provenance.is_fresh, items)):
        # Stored or returned, it is the table's own item at that index
        # (outputs._Picked): the program's list read again, or the code's constants.
        b.provenance.note_picked(value, position, table, acc)
    elif kind is float:
        b.provenance.note_kept(value, KEPT_UNKNOWN)
    return value


def value_at_key(b, table, key, code, offset):
    """table[key]: `table` the program's dict of ints or of floats keyed by ints (read
    and guarded whole), `key` a Python int or bool the graph carries (True finds the
    key 1, as its hash and == do)."""
    if numbers.python_type_of(key, b.provenance.number_of) not in (int, bool):
        raise Unsupported("a key the graph computes that is not a Python int", code, offset)
    reads.whole(b, table, code, offset)
    keys, items = list(table), list(table.values())
    kinds = {type(item) for item in items}
    if not items or {type(k) for k in keys} != {int} or len(kinds) != 1 or \
            kinds - {int, float} or any(map(is_symbolic, items)) or not all(
                numbers.INT64_MIN <= k <= numbers.INT64_MAX for k in keys):
        raise Unsupported("item at a key the graph computes of a dict other than ints or "
                          "floats of one type keyed by ints", code, offset)
    kind = kinds.pop()
    if kind is int and not all(numbers.INT64_MIN <= item <= numbers.INT64_MAX
                               for item in items):
        raise Unsupported("item at a key the graph computes of a dict of ints beyond "
                          "int64", code, offset)
    wanted = numbers.carry(key, int)
    matches = tf.equal(tf.constant(keys, tf.int64), wanted)
    b.check(tf.reduce_any(matches),
            f"a key the dict of {len(keys)} items does not hold")
    value = tf.gather(tf.constant(items, numbers.CARRY[kind]),
                      tf.argmax(tf.cast(matches, tf.int32), output_type=tf.int64))
    b.promote(value, kind)
    acc = b.provenance.source_of(table)
    if acc is not None or not any(map(b.provenance.is_fresh, items)):
        # Stored or returned, it is the dict's own item under that key
        # (outputs._Picked looks the key up again).
        b.provenance.note_picked(value, wanted, table, acc)
    elif kind is float:
        b.provenance.note_kept(value, KEPT_UNKNOWN)
    return value
