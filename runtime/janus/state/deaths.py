"""A graph's writes → whether one of them would end an object's life with code running
(a `__del__`, a weakref.finalize, a weakref callback), checked before each call.

Eager runs that code at the write, in the middle of the step: a finalizer that assigns a
variable the rest of the step reads, or prints before the step's own lines.  A graph's
writes land at its commit, after the graph has read everything, so such a call runs in
the interpreter instead (docs/soundness.md#object-lifetime).

A write drops references: an attribute or global store drops the value it replaces; a
container method drops the items it removes or overwrites.  An object dies when every
reference it has is among those dropped, and with it whatever only it held: the walk
follows the referents of each dying object, so a replaced list of tokens, or a record
holding one, is seen too.  Objects of TF, Keras and numpy run no program code when they
die (a variable's resource deleter is TF's own), but a weak reference with a callback on
any object does.
"""

import collections
import gc
import sys
import types
import weakref

import numpy as np

# What a write can replace without any code running: no finalizer, no __del__.
_PLAIN_VALUES = (type(None), bool, int, float, complex, str, bytes)
_LIBRARIES = ("tensorflow", "keras", "numpy", "tf_keras")
# Objects the walk visits before it stops and says a death may run code: a write that
# drops more than this is interpreted, never guessed about.
_WALK_LIMIT = 4096

# Container methods that only add: they drop nothing (a deque with maxlen excepted).
_ADDS = frozenset({"append", "appendleft", "extend", "extendleft", "insert", "sort",
                   "reverse", "rotate", "setdefault", "move_to_end"})
_BOUNDED_ADDS = frozenset({"append", "appendleft", "extend", "extendleft"})
# Methods that drop one entry found by their first argument.
_KEYED = frozenset({"__setitem__", "__delitem__", "pop"})
EVERY_ENTRY = object()        # a method that may drop any entry of its container
NOTHING = object()            # a method that drops nothing


class DiesInCall(Exception):
    """A write of the call would drop the last reference to an object whose death runs
    code; raised before the graph runs, and the interpreter runs this call."""


def drops_of(container, method, args):
    """What `container.method(*args)` may drop, decided at build time: NOTHING,
    EVERY_ENTRY, or the one key or index whose entry it overwrites or removes."""
    if method in _ADDS:
        bounded = type(container) is collections.deque and container.maxlen is not None
        return EVERY_ENTRY if bounded and method in _BOUNDED_ADDS else NOTHING
    if method == "pop" and not args and type(container) in (list, collections.deque):
        return -1
    if method == "popleft":
        return 0
    if method in _KEYED and args:
        key = args[0]
        # A dict's removal also drops the stored key, which may be another object
        # equal to this one: only an overwrite of a dict's value is keyed.
        keyed = (type(key) is int if not isinstance(container, dict)
                 else type(key) in (int, str) and method == "__setitem__")
        if keyed:
            return key
    return EVERY_ENTRY


def dies_in_call(effects):
    """Why a write among `effects` would end an object's life with code running, or
    None.  Each effect is a setattr, setglobal or container method (heap.Effect)."""
    for effect in effects:
        victim = _first_death_with_code(effect)
        if victim is not None:
            where = (f"the write to {effect.name!r}" if effect.kind != "method"
                     else f"{effect.name}() on a {type(effect.target).__qualname__}")
            return (f"{where} drops the last reference to a "
                    f"{type(victim).__qualname__}, whose finalizer eager runs at that "
                    "point of the step")
    return None


def _dropped_by(effect):
    """The objects the write drops one reference to each (repeats count)."""
    if effect.kind == "setattr" and type(effect.target) is types.CellType:
        try:
            old = effect.target.cell_contents       # a `nonlocal` rebinding
        except ValueError:
            return []
        return [] if isinstance(old, _PLAIN_VALUES) else [old]
    if effect.kind in ("setattr", "setglobal"):
        old = _replaced_value(effect)
        return [] if isinstance(old, _PLAIN_VALUES) else [old]
    container, drops = effect.target, effect.drops
    if drops is NOTHING:
        return []
    if drops is EVERY_ENTRY:
        return gc.get_referents(container)      # a dict's keys and values, a list's items
    if isinstance(container, dict):
        old = dict.get(container, drops, _PLAIN_VALUES)
        return [] if isinstance(old, _PLAIN_VALUES) else [old]
    try:
        return [container[drops]]
    except IndexError:
        return []


def _replaced_value(effect):
    """The value an attribute or global store replaces, wherever it is kept: a module's
    or an instance's __dict__, a class's own namespace (type.__setattr__), a __slots__
    member; _PLAIN_VALUES when there is none."""
    target, name = effect.target, effect.name
    if effect.kind == "setglobal":
        return target.get(name, _PLAIN_VALUES)
    if isinstance(target, type):
        return target.__dict__.get(name, _PLAIN_VALUES)
    holder = getattr(target, "__dict__", None)
    if type(holder) is dict and name in holder:
        return holder[name]
    for klass in type(target).__mro__:
        member = klass.__dict__.get(name)
        if member is not None:
            if type(member) is types.MemberDescriptorType:     # a __slots__ entry
                try:
                    return member.__get__(target, type(target))
                except AttributeError:                     # not set yet
                    return _PLAIN_VALUES
            break
    return _PLAIN_VALUES


def _first_death_with_code(effect):
    """An object that dies when the effect's write drops what it drops, and whose death
    runs code; or None.  Counts references: an object dies when all it has are lost."""
    dropped = _dropped_by(effect)
    if len(dropped) == 1:
        # The common case, one replaced value: alive elsewhere (references besides the
        # holder's, `obj`'s and getrefcount's argument), or a library leaf.
        obj = dropped.pop()
        if sys.getrefcount(obj) > 3:
            return None
        if _is_library(obj) and not _holds_objects(obj):
            return obj if _runs_code_on_death(obj) else None
        dropped.append(obj)
        obj = None
    held = {}                   # id -> object: one reference each, counted below
    lost = collections.Counter()
    for obj in dropped:
        held[id(obj)] = obj
        lost[id(obj)] += 1
    obj = dropped = None        # no reference of ours but `held`'s from here
    pending = list(held)
    dead = set()
    while pending:
        key = pending.pop()
        if key in dead:
            continue
        obj = held[key]
        # References besides ours: `held`, `obj` and getrefcount's argument.
        if sys.getrefcount(obj) - 3 > lost[key]:
            continue
        dead.add(key)
        if len(dead) > _WALK_LIMIT or _runs_code_on_death(obj):
            return obj
        if _is_library(obj) and not _holds_objects(obj):
            continue              # its own parts run TF's code, not the program's
        for part in _referents(obj):
            if isinstance(part, _PLAIN_VALUES) or isinstance(part, type):
                continue
            held.setdefault(id(part), part)
            lost[id(part)] += 1
            pending.append(id(part))
        part = None
    return None


def _holds_objects(obj):
    """A numpy array of dtype object: it owns references to the program's objects, which
    gc does not see (its referents are empty)."""
    return type(obj) is np.ndarray and obj.dtype == object


def _referents(obj):
    if _holds_objects(obj):
        if obj.base is not None:
            return [obj.base]               # a view: its items are its base's
        return obj.ravel(order="K").tolist()    # one reference each, as it holds them
    return gc.get_referents(obj)


def _runs_code_on_death(obj):
    if type(obj).__weakrefoffset__ and any(
            ref.__callback__ is not None for ref in weakref.getweakrefs(obj)):
        return True
    return hasattr(type(obj), "__del__") and not _is_library(obj)


def _is_library(obj):
    return type(obj).__module__.split(".", 1)[0] in _LIBRARIES
