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
from ..values import KEPT_UNKNOWN, is_symbolic
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
        same = _identity_of_equals(b, left, right)
        return left is right if same is None else same
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


def _identity_of_equals(b, left, right):
    """`left is right` where either is an object the guards hold by value
    (identity_shows), or a float the graph reads at call time: an equal object is not
    the same one (`phase is PHASE_TRAIN` of a str the caller computed, `lr is not
    self.lr` of a float the caller parses at every call).  Answered for the objects at
    the places each was read at, and guarded on them: the same object, every place
    holds that very object (an operand may be a code constant, which no place names);
    two objects, each operand's places hold one object, and not the other's.  Objects
    the call computes are new at every call, as eager's are, and code constants the
    same: where neither was read at a place, nothing to guard.  None: neither is such
    an object (the caller compares the build's objects)."""
    (left_object, left_places), (right_object, right_places) = (
        _read_at(b, left), _read_at(b, right))
    if not (identity_shows(left_object) or identity_shows(right_object)):
        return None
    same = left_object is right_object
    if same:
        _held_at(b, left_places + right_places, left_object)
        return True
    _one_object_at(b, left_places)
    _one_object_at(b, right_places)
    if left_places and right_places:
        b.guards.require_same(left_places[0], right_places[0], False)
    elif left_places or right_places:
        place, other = (left_places[0], right) if left_places else (right_places[0], left)
        if not is_symbolic(other):      # (a float the graph computes is a new object)
            b.guards.require_same(place, guards.const(other), False)
    return False


def _read_at(b, value):
    """(the object, the places it was read at) of an operand of `is`: a float the graph
    reads at call time is the object its place holds now."""
    if not is_symbolic(value):
        return value, (b.provenance.places_read_by_value(value)
                       if identity_shows(value) else [])
    kept = b.provenance.kept_of(value)
    if kept is None:
        return value, []
    if kept == KEPT_UNKNOWN or kept[1] is not True:
        raise Unsupported("`is` of a float that may be the caller's object at one of two "
                          "places, or one the call computed", *b.where)
    return guards.read(kept[0], b.target.args, _MISSING), [kept[0]]


def stored_place(b, value):
    """Where the caller's object is for a str, float or large int the call stores or
    returns (identity_shows), read again when the results are made; None: `value`
    itself, the same object at every call (a code constant, guarded at any place that
    held it too, or one that is no such object)."""
    if not identity_shows(value):
        return None
    places = b.provenance.places_read_by_value(value)
    if not places:
        return None
    if id(value) in b.inlining.constants:
        _held_at(b, places, value)
        return None
    _one_object_at(b, places)
    return places[0]


def _held_at(b, places, value):
    """Guard: each of `places` holds `value` itself."""
    for place in places:
        b.guards.require_is(place, value)


def _one_object_at(b, places):
    """Guard: `places` hold one object, whichever it is."""
    for other in places[1:]:
        b.guards.require_same(places[0], other, True)


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
