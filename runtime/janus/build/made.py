"""Inside the builder: instances of the program's classes that the call makes.

`cls(...)` makes a real instance while building (object.__new__, no __del__, guarded
on what the class holds: attribute_reads.constructor) and inlines its __init__ on it.  Writes to
it go straight to it, since no one outside the call sees it yet.  If it escapes (it is
returned or stored), the executor makes a new one at every commit holding what the
build's instance holds, so each call hands the program its own object.
"""

import types

import janus_ext

from ..errors import Thrown, Unsupported
from ..state import attribute_reads, objects
from ..values import is_namedtuple_class


def construct(b, cls, args, kwargs, code, offset):
    """A fresh instance of `cls`, its __init__ inlined on it."""
    if is_namedtuple_class(cls):
        return _namedtuple(b, cls, args, kwargs, code, offset)
    init = attribute_reads.constructor(b, cls, code, offset)
    instance = b.note_made(object.__new__(cls))
    if init is None:
        if args or kwargs:
            raise Unsupported(f"{cls.__qualname__}() takes no arguments", code, offset)
    elif b.inline(init, (instance, *args), kwargs, code, offset) is not None:
        raise Unsupported(f"{cls.__qualname__}.__init__ returns a value", code, offset)
    return instance


def _namedtuple(b, cls, args, kwargs, code, offset):
    """`Point(x, y)` of a collections.namedtuple class: its generated __new__ makes a
    tuple of the arguments and runs none of the program's code, so it runs here as it
    is (attribute_reads.namedtuple_constructor guards that); the tuple is new at every call
    (build/outputs.py rebuilds it)."""
    attribute_reads.namedtuple_constructor(b, cls, code, offset)
    try:
        made = cls(*args, **kwargs)
    except TypeError as exc:             # the program's own: a missing or extra field
        raise Thrown(exc, *b.where) from None
    return b.note_created(made)


def write(b, instance, name, value, code, offset, *, raw=False):
    """`instance.name = value`, or with `raw` `object.__setattr__(instance, name,
    value)` (a frozen dataclass's __init__), which passes over the class's own
    __setattr__ but not a property's setter.  In a cond arm or loop body, only to an
    instance made there (an arm's write to an older one would be seen by the other
    arm)."""
    if b.provenance.region_of(instance) < b.open_regions.serial[-1]:
        raise Unsupported(f"attribute write .{name} inside a branch or loop on a tensor "
                          "to an object made before it", code, offset)
    cls = type(instance)
    descriptor = janus_ext.type_lookup(cls, name)
    custom_setattr = janus_ext.type_lookup(cls, "__setattr__") is not object.__setattr__
    if (custom_setattr and not raw) or (
            descriptor is not None and type(descriptor) is not types.MemberDescriptorType
            and janus_ext.type_lookup(type(descriptor), "__set__") is not None):
        raise Unsupported(f"attribute write .{name} to a {cls.__qualname__}, which "
                          "customises attribute writes", code, offset)
    object.__setattr__(instance, name, value)


def is_raw_write(b, fn, args, kwargs):
    """`object.__setattr__(instance, name, value)` on an instance this call made."""
    return fn is object.__setattr__ and len(args) == 3 and not kwargs \
        and b.provenance.is_made(args[0]) and type(args[1]) is str


def is_made_instance(b, value):
    """An instance of a program's class that this call made (not a function it made)."""
    return b.provenance.is_made(value) and objects.is_plain_instance(value) \
        and not isinstance(value, types.FunctionType)


def copy(b, instance, copy_field, memo):
    """A new made instance holding what `instance` holds now, each field through
    `copy_field`: what a print shows, however the call changes `instance` later."""
    twin = memo[id(instance)] = b.note_made(object.__new__(type(instance)))
    fill(twin, ((name, member, copy_field(value))
                for name, member, value in objects.own_fields(instance)))
    return twin


def fill(instance, fields):
    """Store (name, slot member or None, value) fields into a fresh instance as its own
    storage: a __slots__ member through its descriptor, anything else in its __dict__
    (the class's own __setattr__, e.g. a frozen dataclass's, is passed over).  `fields`
    may be lazy: whoever made `instance` has already recorded it for cycles."""
    for name, member, value in fields:
        if member is not None:
            member.__set__(instance, value)
        else:
            instance.__dict__[name] = value
