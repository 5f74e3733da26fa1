"""A stdlib container from the heap (janus/containers.py: deque, Counter, defaultdict,
OrderedDict) → what the build reads of it: `key in` it, an item (a Counter's zero, a
defaultdict's default made by the build), its maxlen or default_factory.  What each
reads is guarded through reads.py, the one path into the heap."""

import types

from .. import containers
from ..errors import Thrown, Unsupported
from ..semantics import natives
from ..values import from_library
from . import reads


def membership(b, key, container, code, offset):
    """`key in container` (a tracked container), evaluated on the keys or items it
    guards; the key must be a value whose __eq__/__hash__ is no code of the program."""
    reads.contents(b, container)
    reads.stdlib_slot(b, container, "__contains__", code, offset)
    natives.comparable(container, (key,), code, offset)
    if type(container) is containers.deque:
        return key in container
    return dict.__contains__(container, key)


def collection_item(b, container, key, code, offset):
    """container[key] of a tracked container (the caller's, or this call's copy)."""
    real, acc = reads.collection(b, container)
    if type(real) is containers.deque:
        if type(key) is not int:
            raise Unsupported(f"deque index of type {type(key).__qualname__}", code, offset)
        reads.contents(b, real)
        try:
            return container[key]
        except IndexError as exc:
            raise Thrown(exc, code, offset) from None
    natives.comparable(container, (key,), code, offset)
    if reads.same_item(b, container, real, key):
        return reads.item(b, real, key, code, offset)     # guarded, or read at call time
    reads.contents(b, real)          # the key is absent there, or this call wrote it
    if dict.__contains__(container, key):
        return dict.__getitem__(container, key)
    if type(real) is containers.Counter:
        reads.stdlib_slot(b, real, "__missing__", code, offset)
        return 0               # Counter.__missing__: a count of zero, nothing stored
    if type(real) is containers.defaultdict and real.default_factory is not None:
        value = default_value(b, real.default_factory, code, offset)
        b.heap_method(container, "__setitem__", (key, value), {}, code, offset)
        return value
    raise Thrown(KeyError(key), code, offset)


def default_value(b, factory, code, offset):
    """What a defaultdict's default_factory gives, made by the build: a builtin
    constructor, or a function of the program inlined (its reads guarded).  The factory
    itself is guarded by G_COLLECTION."""
    if factory in containers.FACTORIES or (
            isinstance(factory, types.FunctionType) and not from_library(factory)):
        return b.call(factory, (), {}, code, offset)
    name = getattr(factory, "__qualname__", None) or type(factory).__qualname__
    raise Unsupported(f"a defaultdict whose default_factory is {name} (janus evaluates "
                      "builtin constructors and functions of the program)", code, offset)


def collection_attribute(b, owner, name, code, offset):
    """`owner.name` of a tracked container: one of its methods (the builder routes the
    call to heap_method), or maxlen / default_factory, guarded by G_COLLECTION."""
    kind = type(owner)
    if name in containers.method_names(kind):
        return getattr(owner, name)
    if name in containers.ATTRIBUTES.get(kind, ()):
        reads.collection(b, owner)
        return getattr(owner, name)
    raise Unsupported(f"{kind.__qualname__}.{name} is not converted (it reads values janus "
                      "does not guard, or is not known to janus)", code, offset)
