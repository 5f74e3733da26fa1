"""`is` and id() of the objects a build holds → answers for this call's objects, guarded
on the places they were read at (docs/soundness.md "Tensor identity").

A value standing for the caller's object (a graph input, an argument's container) is
compared as the caller's objects are; a min/max result or a branch's merge is one of
its operands, as the graph's flag says; a str, float or large int, guarded by value
where it was read, has its identity guarded where `is` asks for it.
"""

import functools

import tensorflow as tf

from .. import guards
from ..errors import Unsupported
from ..semantics import numbers
from ..values import is_symbolic
from . import heap

_MISSING = object()


def identity(b, value):
    """The call stores or returns `value`, so its identity shows (`st.pair is PAIR`): an
    equal value read from the same place is no longer enough."""
    b.guards.require_is(b.provenance.source_of(value), value)


def _choices(b, value, depth=0):
    """[(condition or None for always, object)]: the objects `value` may be, a min/max
    result being one of its operands where the graph's flag says (heap.keep_by_choice)."""
    chosen = b.provenance.of(value).chosen \
        if is_symbolic(value) or type(value) is tuple else None
    if chosen is None or depth > 8:
        return [(None, value)]
    flag, first, second = chosen
    return [(_both(when, tf.logical_not(flag)), base) for when, base in
            _choices(b, first, depth + 1)] + \
        [(_both(when, flag), base) for when, base in _choices(b, second, depth + 1)]


def _both(left, right):
    return right if left is None else left if right is None else tf.logical_and(left, right)


def same_object(b, left, right, negate=False):
    """`left is right` (`is not` with `negate`): a Python bool, or a graph bool when
    either is a min/max result the graph chooses."""
    same = heap.kept_identity(b, left, right)
    if same is True:
        return not negate
    if same is None:
        lefts, rights = _choices(b, left), _choices(b, right)
        if len(lefts) == 1 and len(rights) == 1:
            return _same_object(b, left, right) is not negate
        terms = [_both(lc, rc) for lc, lo in lefts for rc, ro in rights
                 if _same_object(b, lo, ro)]
        if any(term is None for term in terms) or not terms:
            return bool(terms) is not negate
        same = functools.reduce(tf.logical_or, terms)
    same = tf.logical_not(same) if negate else same
    b.promote(same, bool)
    return same


def _same_object(b, left, right):
    """`left is right` when either stands for a caller's tensor or ndarray (a graph
    input: an argument, or a tensor read from the heap at call time); otherwise plain
    `is` on what the build holds.

    Eager compares the caller's objects: the same batch handed twice, `x is
    self.last_x`.  The build answers for this call's objects and guards that answer,
    so a call that hands other objects misses and gets the graph built for it."""
    left_record = b.provenance.caller_of(left)
    right_record = b.provenance.caller_of(right)
    if left_record is None and right_record is None:
        _guard_identity_of_equals(b, left, right)
        return left is right
    if left is right:
        return True
    if left_record is not None and right_record is not None:
        acc, other_acc = left_record[0], right_record[0]
        same = guards.read(acc, b.target.args, _MISSING) is guards.read(other_acc, b.target.args, _MISSING)
    else:
        acc = (left_record or right_record)[0]
        other = right if left_record is not None else left
        other_acc = b.provenance.source_of(other)
        if other_acc is None:
            # Made by the call, a constant, or another graph value: not an object the
            # caller held when the call began.
            return False
        same = guards.read(acc, b.target.args, _MISSING) is other
    b.guards.require_same(acc, other_acc, same)
    return same


def identity_shows(value) -> bool:
    """Whether an equal object may be another one: a str, a float, an int beyond
    CPython's small-int cache (not None, a bool or a small int, one object each)."""
    return type(value) in (str, bytes, float, complex) or \
        type(value) is int and value not in numbers.SMALL_INTS


def _guard_identity_of_equals(b, left, right):
    """`left is right` of objects the guards hold by value (identity_shows): an equal
    object is not the same one (`phase is PHASE_TRAIN` of a str the caller computed),
    so the answer is guarded on the objects the places each was read at hold: one
    object at all of one operand's places, and the two operands' the same or not, as
    now.  Objects the call made are new on every call, as eager's are, and code
    constants the same: nothing to guard."""
    if not (identity_shows(left) or identity_shows(right)):
        return
    places = [b.provenance.places_read_by_value(v) for v in (left, right)]
    if not places[0] or not places[1]:
        return
    for group in places:
        for other in group[1:]:
            b.guards.require_same(group[0], other, True)
    if left is not right:
        b.guards.require_same(places[0][0], places[1][0], False)


def identified(b, value, what, code, offset):
    """The object from outside the call `value` is (a caller's tensor too, for `what`:
    id(), `.ref()`): the graph is built for that object, guarded by identity.  An
    object the call makes is another one on every call: refused."""
    record = b.provenance.caller_of(value)
    acc = record[0] if record is not None else b.provenance.source_of(value)
    if acc is None:
        raise Unsupported(f"{what} of an object the step makes or computes: eager's is "
                          "another one on every call", code, offset)
    obj = guards.read(acc, b.target.args) if record is not None else value
    b.guards.require_is(acc, obj)
    return obj
