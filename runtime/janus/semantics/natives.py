"""Values a builtin or operator would consume at build time → the first one whose
behaviour no guard pins down, or None.

The builder evaluates builtins (`len`, `sum`, `str`, …), operators, `in`, truth tests
and formatting natively on build-time values, and bakes the result into the graph.
That is sound only where the guards on those values pin the result: exact builtin
scalars and containers (whose contents the builder guards), tensors and arrays (guarded
by dtype and shape), TF/Keras objects, and an exact `deque` (C code over items its
guard pins).  A user object, or a subclass of a container, would run its own Python over
state no guard covers, and the graph would keep the first answer for ever
(docs/soundness.md#python-run-while-building).  For those the builder inlines the user's
dunder (`len`, `bool`, `float`,
`int`), or refuses.  `Counter`, `defaultdict` and `OrderedDict` stay opaque here: their
length, `in`, iteration, items and methods go through reads.py (janus/containers.py).
"""

import collections
import types

import numpy as np
import tensorflow as tf

import janus_ext

from .. import guards, values
from ..errors import Unsupported

SCALARS = (int, float, bool, complex, str, bytes, type(None), range, slice,
           type(Ellipsis))
CONTAINERS = (tuple, list, set, frozenset, dict)
# Builtins that touch only the outer object's type and builtin storage, never items.
SHALLOW = frozenset({len, bool, iter, enumerate, zip, list, tuple, reversed, range, slice,
                     isinstance, issubclass})
# C iterators a SHALLOW builtin makes: what they yield is items of what they were made
# from, which the consumer of those items checks (the builder marks the ones it made).
ITERATORS = (zip, enumerate, reversed, type(reversed([])), type(iter([])), type(iter(())),
             type(iter(range(1))), type(iter({})), type(iter({}.values())),
             type(iter({}.items())), type(iter("")), type(iter("\u00e9")), type(iter(b"")))
# Dunders the builder inlines for a builtin on a user object (the first one defined).
DUNDERS = {len: ("__len__",), bool: ("__bool__", "__len__"), float: ("__float__",),
           int: ("__int__", "__index__")}
MAX_ITEMS = 10_000       # a larger container is refused rather than walked per build
MAX_DEPTH = 6


def first_opaque(values, deep, is_library_object, text=False):
    """The first of `values` (items too when `deep`) that native Python could read
    without a guard, or None.  With `text` (formatting, str(), repr()), a graph tensor
    too: its text at build time is the symbolic tensor's, not the value's."""
    for value in values:
        found = _opaque(value, deep, is_library_object, 0, text)
        if found is not None:
            return found
    return None


def _opaque(value, deep, is_library_object, depth, text=False):
    kind = type(value)
    if text and values.is_symbolic(value):
        return value
    if kind in SCALARS or isinstance(value, (tf.Tensor, tf.Variable, np.ndarray,
                                             np.generic, np.dtype, type)):
        return None
    # An exact deque: C code over items its guard pins (reads.contents); a subclass, or
    # the mapping types, whose Python methods read values, stay opaque.
    if kind in CONTAINERS or kind is collections.deque or values.is_namedtuple(value):
        if not deep:
            return None
        if depth >= MAX_DEPTH or len(value) > MAX_ITEMS:
            return value
        items = value.items() if kind is dict else value
        for item in items:
            parts = item if kind is dict else (item,)
            for part in parts:
                found = _opaque(part, deep, is_library_object, depth + 1, text)
                if found is not None:
                    return found
        return None
    if isinstance(value, (types.FunctionType, types.MethodType, types.BuiltinFunctionType,
                          types.BuiltinMethodType)):
        return value            # a key= or a callable argument would run at build time
    if is_library_object(value):
        return None
    return value


def comparable(container, keys, code, offset):
    """`keys` (a key, an item to find) meet the container's keys or items through
    __hash__/__eq__: none of them may be an object whose own code would run."""
    compared = (*keys, *container) if type(container) is collections.deque else keys
    opaque = first_opaque(compared, True, values.is_library_object)
    if opaque is not None:
        raise Unsupported(f"{describe(container)} would compare {describe(opaque)} by "
                          "its own code", code, offset)


def compares_contents(probe, container):
    """`probe in container` / `container.count(probe)` compares with ==, which for a
    list, dict, set or tuple is a comparison of what it holds, at any depth: whether the
    probe, or an item of the container, is such a structure (then every level the
    comparison reads must be guarded, not only the container's own items)."""
    structured = (list, tuple, dict, set, frozenset, collections.deque)
    return isinstance(probe, structured) or any(
        isinstance(item, structured) for item in container)


def describe(value):
    kind = type(value)
    if values.is_symbolic(value):
        return "a value the graph computes, inside a container"
    if hasattr(kind, "described_as"):
        return value.described_as        # (a class attribute, or a property of the value)
    return f"a {kind.__module__}.{kind.__qualname__}" if kind.__module__ != "builtins" \
        else f"a {kind.__qualname__}"


def hashes_natively(value, depth=0):
    """Hashing and comparing `value` runs no code of the program's."""
    kind = type(value)
    if kind in guards.SPECIALISABLE:
        return True
    if values.is_stand_in(value):
        return False
    if kind in (tuple, frozenset):
        return depth < 8 and all(hashes_natively(v, depth + 1) for v in value)
    return janus_ext.type_lookup(kind, "__hash__") is object.__hash__ and \
        janus_ext.type_lookup(kind, "__eq__") is object.__eq__


# CPython's own attribute lookups, and object's `__class__` (state/attribute_reads.py too).
GENERIC_GETATTRIBUTE = (object.__getattribute__, types.ModuleType.__getattribute__)
OBJECT_CLASS = object.__dict__["__class__"]


def check_lookup_is_native(value, code=None, offset=None):
    """Refuse a value whose attribute lookup runs the program's code: a class with its
    own Python `__getattribute__`, or a `__class__` other than object's.  isinstance()
    asks such an object for `__class__` through that code whenever its type is not the
    class asked about, and janus asks isinstance() of every value it reads: the
    program's `__getattribute__` would run (and log, count) at build time."""
    kind = type(value)
    if kind.__module__ == "builtins" or kind.__module__.startswith(values.LIBRARY_MODULES):
        return                     # (TF's and Keras' own classes: no effects to show)
    lookup = janus_ext.type_lookup(kind, "__getattribute__")
    if lookup not in GENERIC_GETATTRIBUTE and isinstance(lookup, types.FunctionType):
        raise Unsupported(f"a {kind.__qualname__}, whose class defines __getattribute__ "
                          "(janus's type checks would run it while building)", code, offset)
    if janus_ext.type_lookup(kind, "__class__") is not OBJECT_CLASS:
        raise Unsupported(f"a {kind.__qualname__}, whose class defines __class__ (janus's "
                          "type checks would run it while building)", code, offset)
