"""Values the graph builder read from outside the graph → entry guards (janus_ext checks them).

Every value that a graph bakes in, or whose type and shape it assumes, was read through
an accessor: an argument, a global, an attribute or item of another such value, a
closure cell.  Each read adds a guard on that accessor; janus_ext.check_guards replays
the accessors before each graph call and refuses the graph when one does not hold.
"""

import janus_ext
from janus_ext import (A_ARG, A_ATTR, A_CELL, A_GLOBAL, A_ITEM, A_TYPE, G_ELEMENTS, G_EQ,
                       G_IS, G_KEYS, G_LEN, G_TENSOR, G_TYPE)

# Immutable Python values that a graph may bake in, guarded by type and equality.
SPECIALISABLE = (bool, int, float, str, bytes, type(None), complex)


def arg(index):
    return (A_ARG, index)


def global_(globals_dict, builtins_dict, name):
    return (A_GLOBAL, globals_dict, builtins_dict, name)


def attr(base, name):
    return (A_ATTR, base, name)


def item(base, key):
    return (A_ITEM, base, key)


def type_of(base):
    return (A_TYPE, base)


def cell(base):
    return (A_CELL, base)


def describe_accessor(acc, arg_names) -> str:
    kind = acc[0]
    if kind == A_ARG:
        return arg_names[acc[1]] if acc[1] < len(arg_names) else f"arg {acc[1]}"
    if kind == A_GLOBAL:
        return f"global {acc[3]}"
    base = describe_accessor(acc[1], arg_names)
    if kind == A_ATTR:
        return f"{base}.{acc[2]}"
    if kind == A_ITEM:
        return f"{base}[{acc[2]!r}]"
    if kind == A_TYPE:
        return f"type({base})"
    return f"{base}.cell_contents"


class GuardSet:
    """The guards of one graph, in the order the builder added them, without repeats."""

    def __init__(self):
        self.guards: list[tuple] = []
        self._seen: set = set()

    def _add(self, guard, key):
        if key not in self._seen:
            self._seen.add(key)
            self.guards.append(guard)

    def require_is(self, acc, obj):
        self._add((G_IS, acc, obj), ("is", id(acc), id(obj)))

    def require_equal(self, acc, value):
        self._add((G_EQ, acc, type(value), value), ("eq", id(acc), type(value), value))

    def require_type(self, acc, typ):
        self._add((G_TYPE, acc, typ), ("type", id(acc), typ))

    def require_tensor(self, acc, value, pattern):
        self._add((G_TENSOR, acc, type(value), value.dtype, tuple(pattern)),
                  ("tensor", id(acc)))

    def require_elements(self, acc, container):
        self._add((G_ELEMENTS, acc, type(container), tuple(container)), ("elements", id(acc)))

    def require_length(self, acc, length):
        self._add((G_LEN, acc, length), ("len", id(acc)))

    def require_keys(self, acc, mapping):
        self._add((G_KEYS, acc, tuple(mapping)), ("keys", id(acc)))

    def require_value(self, acc, value):
        """The strongest cheap guard for a value the graph bakes in."""
        if type(value) in SPECIALISABLE:
            self.require_equal(acc, value)
        else:
            self.require_is(acc, value)

    def freeze(self) -> tuple:
        return tuple(self.guards)


def first_failure(guards: tuple, args: tuple) -> int:
    return janus_ext.check_guards(guards, args)


def explain_failure(guard, args, arg_names) -> str:
    """'images: shape (29, 8, 8, 1) is not (64, 8, 8, 1)'-style text for stats."""
    where = describe_accessor(guard[1], arg_names)
    value = janus_ext.read_accessor(guard[1], args)
    kind = guard[0]
    if kind == G_TENSOR:
        shape = tuple(getattr(value, "shape", ()))
        expected = tuple("?" if d is None else d for d in guard[4])
        return (f"{where}: {type(value).__name__} {getattr(value, 'dtype', '?')} "
                f"{shape} is not {guard[2].__name__} {guard[3]} {expected}")
    if kind == G_EQ:
        return f"{where}: {value!r} is not {guard[3]!r}"
    if kind == G_LEN:
        return f"{where}: length {len(value)} is not {guard[2]}"
    if kind in (G_ELEMENTS, G_KEYS):
        return f"{where}: contents changed"
    if kind == G_TYPE:
        return f"{where}: type {type(value).__name__} is not {guard[2].__name__}"
    return f"{where}: not the same object as when the graph was built"
