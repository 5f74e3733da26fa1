"""An attribute read while building → the value the program sees, and guards on exactly
what the entry checker will read there (janus_ext.static_getattr).

CPython finds `owner.name` in this order: a data descriptor on the type, the instance
__dict__, a non-data descriptor or plain attribute on the type.  Each case becomes:
- a value read statically (an instance or module entry, a slot, a plain class
  attribute), guarded on the same A_ATTR read the checker replays;
- a method (function, staticmethod, classmethod on the class): bound here, guarded by
  identity on the raw class-dict object, which the A_ATTR read returns only while no
  instance entry shadows it (`t.activation = t.cube`) and the class still holds it
  (`Net.loss_fn = huber`);
- code of the program (a property's getter, a descriptor's __get__): inlined, guarded
  on the class attribute and on the absence of an instance entry;
- a TensorFlow/Keras property (model.trainable_variables): its getter runs here and at
  each check (A_PROP), while the class holds the same property;
- anything else (a custom __getattribute__, a __getattr__ fallback, a data descriptor
  written in Python other than a property): refused.
"""

import types

import janus_ext
import tensorflow as tf

from . import builder, guards

_MISSING = object()
_GENERIC_GETATTRIBUTE = (object.__getattribute__, types.ModuleType.__getattribute__)
# Class-dict objects the builder binds itself; the checker reads them raw.
_BOUND_HERE = (types.FunctionType, staticmethod, classmethod, types.MethodDescriptorType,
               types.WrapperDescriptorType, types.ClassMethodDescriptorType)


def load(b, owner, name, acc, library, code, offset):
    """`owner.name` for the builder; `acc` is where owner came from (None: derived)."""
    if isinstance(owner, type):
        return _load_from_class(b, owner, name, acc, code, offset)
    cls = type(owner)
    if janus_ext.type_lookup(cls, "__getattribute__") not in _GENERIC_GETATTRIBUTE:
        raise builder.Unsupported(f"{cls.__qualname__} customises attribute access",
                                  code, offset)
    descr = janus_ext.type_lookup(cls, name, _MISSING)
    if descr is not _MISSING and _is_data_descriptor(descr):
        if type(descr) is property:
            return _property(b, owner, name, descr, acc, code, offset)
        if type(descr) is not types.MemberDescriptorType:
            raise builder.Unsupported(f"{cls.__qualname__}.{name} is a data descriptor, "
                                      "which may have side effects", code, offset)
    value = janus_ext.static_getattr(owner, name, _MISSING)
    if value is _MISSING and isinstance(owner, types.ModuleType) and library:
        getattr(owner, name)       # a lazily loaded library module fills its __dict__
        value = janus_ext.static_getattr(owner, name, _MISSING)
    if value is _MISSING:
        if descr is _MISSING or type(descr) is types.MemberDescriptorType:
            why = "its class has __getattr__" if janus_ext.type_lookup(
                cls, "__getattr__") is not None else "it is not set"
            raise builder.Unsupported(f"attribute {name!r} of {cls.__qualname__} cannot be "
                                      f"read ({why})", code, offset)
        return _descriptor(b, owner, name, descr, acc, code, offset)
    if value is descr and type(descr) in _BOUND_HERE and \
            janus_ext.own_attr(owner, name, _MISSING) is _MISSING:
        if acc is not None:
            # One read covers both: the class holds this object, no instance entry.
            b.guards.require_is(guards.attr(acc, name), descr)
            if type(descr) is classmethod:
                _pass_class(b, acc, cls)
        return _bind(descr, owner, cls)
    return _plain(b, value, name, acc, library, code, offset)


def _load_from_class(b, cls, name, acc, code, offset):
    raw = janus_ext.static_getattr(cls, name, _MISSING)
    if raw is _MISSING:
        raise builder.Unsupported(f"{cls.__qualname__}.{name} cannot be read without "
                                  "running code (a metaclass attribute or a descriptor)",
                                  code, offset)
    if type(raw) is staticmethod:
        value = raw.__func__
    elif type(raw) is classmethod:
        value = types.MethodType(raw.__func__, cls)
    else:
        return _plain(b, raw, name, acc, False, code, offset)
    if acc is not None:
        b.guards.require_is(guards.attr(acc, name), raw)
    return value


def _plain(b, value, name, acc, library, code, offset):
    if acc is not None:
        return b._guard_read(guards.attr(acc, name), value, f"attribute {name!r}", code,
                             offset, library, rebound=name in b.rebound)
    # Derived from guarded values by deterministic steps: nothing more to guard,
    # except for tensors and containers that could change under the graph.
    if type(value) is list:
        raise builder.Unsupported(f"attribute {name!r} holds a list janus cannot guard",
                                  code, offset)
    if isinstance(value, tf.Tensor) and not isinstance(value, tf.Variable) \
            and not builder.is_symbolic(value):
        raise builder.Unsupported(f"attribute {name!r} holds a tensor read from the heap",
                                  code, offset)
    return b.heap.local_view(value)


def _bind(descr, owner, cls):
    kind = type(descr)
    if kind is types.FunctionType:
        return types.MethodType(descr, owner)
    if kind is staticmethod:
        return descr.__func__
    if kind is classmethod:
        return types.MethodType(descr.__func__, cls)
    return descr.__get__(owner, cls)          # a C method descriptor: C code binds it


def _property(b, owner, name, prop, acc, code, offset):
    fget = prop.fget
    if isinstance(fget, types.FunctionType) and not builder._from_library(fget):
        # A property the user wrote: its getter is inlined like any function, guarded
        # on the property object the owner's class holds (no instance entry can
        # shadow a data descriptor).
        if acc is not None:
            b.guards.require_is(guards.lookup(acc, name), prop)
        return b.inline(fget, (owner,), {}, code, offset)
    if fget is not None and builder._from_library(fget):
        value = fget(owner)       # TensorFlow's or Keras' own code, as in any library call
        if acc is None:
            return _plain(b, value, name, None, True, code, offset)
        return b._guard_read(guards.library_property(acc, name, prop), value,
                             f"attribute {name!r}", code, offset, library=True)
    raise builder.Unsupported(f"{type(owner).__qualname__}.{name} is a property whose "
                              "getter is not a Python function", code, offset)


def _descriptor(b, owner, name, descr, acc, code, offset):
    """A non-data descriptor other than a function: its __get__ decides the value."""
    cls = type(owner)
    get = janus_ext.type_lookup(type(descr), "__get__")
    library = builder._from_library(get) if get is not None else False
    if not library and not isinstance(get, types.FunctionType):
        raise builder.Unsupported(f"{cls.__qualname__}.{name} is a descriptor whose "
                                  "__get__ is not a Python function", code, offset)
    if acc is not None:
        b.guards.require_absent(guards.own(acc, name))
        b.guards.require_is(guards.lookup(acc, name), descr)
    if library:
        return getattr(owner, name)   # e.g. a tf.function method: the library binds it
    if acc is not None:
        b.guards.require_is(guards.lookup(guards.lookup(acc, name), "__get__"), get)
        _pass_class(b, acc, cls)               # __get__ is passed type(owner)
        b.remember(descr, guards.lookup(acc, name))
    return b.inline(get, (descr, owner, cls), {}, code, offset)


def _pass_class(b, acc, cls):
    """type(owner) becomes an argument of inlined code: guard it, and give it a source
    so that reads such as `cls.factor` are guarded in turn."""
    b.guards.require_type(acc, cls)
    if id(cls) not in b.sources:
        b.remember(cls, guards.type_of(acc))


def _is_data_descriptor(descr):
    kind = type(descr)
    return (janus_ext.type_lookup(kind, "__set__") is not None
            or janus_ext.type_lookup(kind, "__delete__") is not None)
