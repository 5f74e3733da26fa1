"""Sets the call makes: `set()`, `{a, b}`, `{x for ...}`, `frozenset(...)`, and the
methods that fill and read them.

The program's own sets (a global, an attribute) are read, not written: the same object,
its items in order guarded where the call reads them (`in`, len(), iterating it, a
method that reads it).

A set made in the call is a real set in the build, holding the very items eager's
holds: values of the builtin types (numbers, strs, bytes, None, tuples of them) and
objects from outside the call that hash by identity.  Their hashes and `==` are
CPython's own, so the table the build's set ends with is the one eager's ends with
after the same adds and discards; build/outputs.py hands out a replica of that table
(janus_ext.set_replica), room and deleted slots included.  An item whose hash or `==`
is the program's code would run at build time, a value the graph computes has no hash
until it runs, and an object the call made hashes by an address that differs at every
call: all three are refused.
"""

from ..errors import Unsupported
from ..semantics import natives
from ..state import reads
from ..values import is_symbolic

SET_TYPES = (set, frozenset)
# Set methods that take items (to hash or compare) or other iterables of items.
_TAKES_ITEMS = frozenset({"add", "discard", "remove", "__contains__"})
# Methods that leave the set as it is (safe on a set made outside a cond arm).
READS = frozenset({"union", "difference", "intersection", "symmetric_difference",
                   "issubset", "issuperset", "isdisjoint", "copy", "__contains__",
                   "__len__"})
_TAKES_ITERABLES = frozenset({
    "update", "difference_update", "intersection_update", "symmetric_difference_update",
    "union", "difference", "intersection", "symmetric_difference", "issubset",
    "issuperset", "isdisjoint"})


def check_items(b, items, what, code, offset):
    """Refuse to put `items` in a set, or look them up in one, at build time where
    eager's hashing would differ or run the program's code."""
    for item in items:
        if is_symbolic(item):
            raise Unsupported(f"{what} of a value the graph computes (a set hashes its "
                              "items, which a graph value has no Python hash for)",
                              code, offset)
        if not natives.hashes_natively(item):
            raise Unsupported(f"{what} of a {type(item).__qualname__}, whose hash or == "
                              "is code of its own (it would run at build time)", code,
                              offset)
        if b.provenance.is_made(item) or b.provenance.is_created(item):
            raise Unsupported(f"{what} of a {type(item).__qualname__} made in the call "
                              "(it hashes by an address that differs at every call)",
                              code, offset)


def method(b, owner, name, args, kwargs, code, offset):
    """set.add(x), s.update(xs), s.union(...) on a set the call made: run on the build's
    set once its items are known to hash as eager's do."""
    if name in _TAKES_ITEMS:
        check_items(b, args, f"set.{name}()", code, offset)
    elif name in _TAKES_ITERABLES:
        args = tuple(items_of(b, other, code, offset) for other in args)
        for other in args:
            check_items(b, other, f"set.{name}()", code, offset)
    result = getattr(owner, name)(*args, **kwargs)
    if type(result) in SET_TYPES and result is not owner and \
            not any(result is other for other in args):
        b.note_created(result)          # union(), copy(): a new set, the call's own
    return result


def items_of(b, value, code, offset):
    """What a set operation takes its items from: a set or frozenset as it is (what a
    copy of it iterates in depends on its table, which the guard on the program's set
    pins: guards.require_elements), anything else as the list of its items."""
    if type(value) in SET_TYPES and (b.provenance.is_created(value) or
                                     b.provenance.source_of(value) is not None):
        reads.contents(b, value)
        return value
    return reads.iterated(b, value, code, offset)


def programs_set_method(b, owner, name, args, kwargs, code, offset):
    """A method of the program's own set (a global, an attribute): one that reads it,
    with its items guarded; a write to it is not deferred, so it is refused."""
    if name not in READS:
        raise Unsupported(f"set.{name}() on the program's set (writes to a set from "
                          "outside the call are not converted)", code, offset)
    reads.contents(b, owner)
    return method(b, owner, name, args, kwargs, code, offset)


def made(b, kind, args, code, offset):
    """set(iterable) / frozenset(iterable): a new set of the items, the call's own
    (frozenset() of a frozenset is that frozenset, as in CPython)."""
    items = items_of(b, args[0], code, offset) if args else []
    check_items(b, items, f"{kind.__name__}()", code, offset)
    result = kind(items)
    return result if args and result is args[0] else b.note_created(result)
