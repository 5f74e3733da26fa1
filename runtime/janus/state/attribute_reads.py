"""`owner.name` read from outside the build, and writes to class attributes: the
attribute half of janus/state/reads.py's one path, with the same contract (static lookups the
entry checker replays, a guard recorded before each read returns).

Attributes.  CPython finds `owner.name` in this order: a data descriptor on the type, the
instance __dict__, a non-data descriptor or plain attribute on the type.  Each case
becomes:
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

Classes: the __init__ a class call runs, a namedtuple's generated __new__, the methods
and property getters found on a class, each guarded on the class that holds them.
"""

import collections
import enum
import types

import numpy as np
import tensorflow as tf

import janus_ext

from .. import guards
from ..errors import Unsupported
from ..semantics import natives, numbers, python_draws
from ..values import LIBRARY_MODULES, from_library, is_library_object, is_namedtuple, is_symbolic
from . import heap, reads

_MISSING = object()
_TUPLEGETTER = type(collections.namedtuple("_Probe", "field").field)
# Class-dict objects the builder binds itself; the checker reads them raw.
_BOUND_HERE = (types.FunctionType, staticmethod, classmethod, types.MethodDescriptorType,
               types.WrapperDescriptorType, types.ClassMethodDescriptorType)


def attribute(b, owner, name, code, offset):
    """`owner.name` of an object from outside the build, or of an instance it made."""
    if name == "__class__" and janus_ext.type_lookup(type(owner), name) is natives.OBJECT_CLASS:
        return _class_of(b, owner, code, offset)
    if b.provenance.is_made(owner):
        return _made_attribute(b, owner, name, code, offset)
    if type(owner) in (tf.IndexedSlices, tf.SparseTensor) and is_symbolic(owner.values):
        # A sparse gradient or sparse tensor the graph computes (tape.gradient of an
        # Embedding): its fields and properties are the graph's tensors, not state read
        # at each call.  (Not tf.nest over any CompositeTensor: an ExtensionType's
        # _type_spec caches itself on the object, a write to the program's object.)
        return getattr(owner, name)
    if name == "__dict__" and isinstance(owner, types.ModuleType):
        # Its entries are the module's globals, which this call's `global` writes and
        # `mod.x = ...` reach through the heap's overlay, not through the dict.
        raise Unsupported(f"the step reads the __dict__ of module {owner.__name__!r}, "
                          "whose entries are that module's globals", code, offset)
    b.provenance.note_name(owner, name)
    found, value = b.heap.written(owner, name)
    if found:
        if value is heap.DELETED:
            raise Unsupported(f"attribute {name!r} read after this call deleted it",
                              code, offset)
        return value
    if is_namedtuple(owner) and name in type(owner)._fields:
        return _namedtuple_field(b, owner, name, code, offset)
    library = (is_library_object(owner) or isinstance(owner, types.ModuleType)
               and (owner.__name__ or "").startswith(LIBRARY_MODULES))
    acc = b.provenance.source_of(owner)
    if acc is None and b.provenance.real_of(owner) is None:
        # An object a library call returned: what the build saw is this object, so
        # its attributes are guarded from the object itself.
        acc = guards.const(owner)
        b.remember(owner, acc)
    if isinstance(owner, type):
        if name in _TYPE_LINEAGE and \
                janus_ext.type_lookup(type(owner), name) is type.__dict__[name]:
            # type's own getters: the MRO tuple is pinned, and a new one is made
            # whenever `__bases__` is assigned in the hierarchy.
            mro_of(b, owner)
            return owner.__mro__ if name == "__mro__" else owner.__bases__
        found, value = _written_on_class(b, owner, name, code, offset)
        if found:
            return value          # a base class's entry this call wrote
        return _from_class(b, owner, name, acc, code, offset)
    cls = type(owner)
    if janus_ext.type_lookup(cls, "__getattribute__") not in natives.GENERIC_GETATTRIBUTE and \
            not (isinstance(owner, (int, float)) and janus_ext.generic_getattr(owner)):
        raise Unsupported(f"{cls.__qualname__} customises attribute access", code, offset)
    descr = janus_ext.type_lookup(cls, name, _MISSING)
    if descr is not _MISSING and _is_data_descriptor(descr):
        if type(descr) is property or type(descr) is enum.property and \
                descr.fget is not None:
            # An Enum's `value` and `name` (enum.property): on a member, its __get__
            # only calls its getter, as a property's does.
            return _property(b, owner, name, descr, acc, code, offset)
        if type(descr) is not types.MemberDescriptorType:
            raise Unsupported(f"{cls.__qualname__}.{name} is a data descriptor, which "
                              "may have side effects", code, offset)
    own = janus_ext.own_attr(owner, name, _MISSING)
    if not isinstance(owner, types.ModuleType):
        found, value = _written_on_class(b, type(owner), name, code, offset)
        if found and own is _MISSING:
            # `Cls.count += 1` earlier in this call: what it wrote, while no instance
            # entry shadows it (`st.count = 100`).
            if acc is not None:
                b.guards.require_absent(guards.own(acc, name))
            return value
        if found and acc is not None:
            # The instance entry shadows what the call wrote on the class while it
            # exists (`del st.count` would show the class's).
            b.guards.require_type(guards.own(acc, name), type(own))
    value = janus_ext.static_getattr(owner, name, _MISSING)
    if value is _MISSING and isinstance(owner, types.ModuleType) and library:
        getattr(owner, name)       # a lazily loaded library module fills its __dict__
        value = janus_ext.static_getattr(owner, name, _MISSING)
    if value is _MISSING and isinstance(owner, types.ModuleType) and not library and \
            "__getattr__" in owner.__dict__:
        return _module_getattr(b, owner, name, acc, code, offset)
    if value is _MISSING:
        if descr is _MISSING or type(descr) is types.MemberDescriptorType:
            why = "its class has __getattr__" if janus_ext.type_lookup(
                cls, "__getattr__") is not None else "it is not set"
            owner_is = natives.describe(owner) if hasattr(cls, "described_as") else \
                cls.__qualname__
            raise Unsupported(f"attribute {name!r} of {owner_is} cannot be read ({why})",
                              code, offset)
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


def variable_attribute(b, variable, name, code, offset):
    """`v.name` of a tf.Variable from outside the build.  What TF's classes hold (its
    methods and properties; library_state._watch_value_classes watches those classes)
    is read as it is, guarded only on no instance entry shadowing it.  An attribute the
    program set on the variable itself (`v.lr_mult = 0.1`, `v.assign_sub = decayed`)
    is read and guarded like any object's: the program may set, change or delete it
    between calls."""
    if janus_ext.own_attr(variable, name, _MISSING) is not _MISSING:
        return attribute(b, variable, name, code, offset)
    acc = b.provenance.source_of(variable)
    if acc is None:
        # A variable a library call returned: this object (held weakly).
        acc = guards.const(variable)
    b.guards.require_absent(guards.own(acc, name))
    return getattr(variable, name)


def _module_getattr(b, module, name, acc, code, offset):
    """`mod.name` where the module holds no `name` and defines `__getattr__` (PEP 562):
    CPython calls `mod.__getattr__(name)`, the program's function, which the build runs
    as any call (its reads guarded, its writes deferred), the absence of `name` guarded:
    once the loop sets `mod.name`, the read is that value's."""
    if acc is None:
        raise Unsupported(f"attribute {name!r} of module {module.__name__!r}, answered "
                          "by its __getattr__, of a module janus did not read from a "
                          "guarded place", code, offset)
    b.guards.require_absent(guards.own(acc, name))
    answer = attribute(b, module, "__getattr__", code, offset)
    return b.call(answer, (name,), {}, code, offset)


_IMMUTABLE_TYPE = 1 << 8       # Py_TPFLAGS_IMMUTABLETYPE: no attribute can be set on it


def is_absent(b, owner, name, code, offset) -> bool:
    """Whether `owner.name` raises AttributeError because nothing holds it, as
    `getattr(owner, name, default)` and `hasattr` ask: no own entry, no entry in any
    class of its type's MRO, no __getattr__ to ask; guarded so (the owner's type, the
    absent own entry, each mutable class's absent entry).  False when something may
    hold it: the caller reads it as `owner.name`, which decides the rest."""
    if isinstance(owner, type) or is_symbolic(owner) or type(owner) in guards.SPECIALISABLE:
        return False
    cls = type(owner)
    descr = janus_ext.type_lookup(cls, name, _MISSING)
    if type(descr) is types.MemberDescriptorType and _slot_is_set(descr, owner):
        return False                  # a slot that holds a value: read as owner.name
    if descr is not _MISSING and type(descr) not in _BOUND_HERE and \
            janus_ext.type_lookup(type(descr), "__get__") is not None:
        # A property's getter (an unset slot) may raise AttributeError, which the
        # default or hasattr would catch where the build would raise it.
        raise Unsupported(f"getattr() with a default or hasattr() of {cls.__qualname__}."
                          f"{name}, a {type(descr).__qualname__}", code, offset)
    if janus_ext.type_lookup(cls, "__getattribute__") not in natives.GENERIC_GETATTRIBUTE or \
            janus_ext.type_lookup(cls, "__getattr__") is not None or descr is not _MISSING:
        return False
    made = b.provenance.is_made(owner)
    found, value = b.heap.written(owner, name)
    if found:
        return value is heap.DELETED
    if janus_ext.own_attr(owner, name, _MISSING) is not _MISSING or \
            _written_on_class(b, cls, name, code, offset)[0]:
        return False
    if isinstance(owner, types.ModuleType) and "__getattr__" in owner.__dict__:
        return False                  # a module's own __getattr__ answers for it
    acc = b.provenance.source_of(owner)
    if not made:
        if acc is None:
            return False              # no guarded place to check the absence at
        b.guards.require_type(acc, cls)
        b.guards.require_absent(guards.own(acc, name))
        if isinstance(owner, types.ModuleType):
            b.guards.require_absent(guards.own(acc, "__getattr__"))
    else:
        reads.class_source(b, cls)    # made by a guarded constructor of this class
    _mro_lacks(b, cls, name, "__getattr__")
    return True


def class_lacks(b, owner, name):
    """None of the program's classes in the MRO of owner's class holds `name` (object's
    and other fixed classes' entries cannot change): an operator looked its dunder up on
    the type and found none (`__iadd__`, then `__add__`, on the program's object).
    Guarded as is_absent guards a class's entries: each mutable class's own entry and
    the MRO tuple, the class of the owner where it was read."""
    cls = type(owner)
    acc = b.provenance.source_of(owner)
    if acc is not None:
        b.guards.require_type(acc, cls)
    else:
        reads.class_source(b, cls)
    _mro_lacks(b, cls, name)


def _mro_lacks(b, cls, *names):
    """No mutable class in cls's MRO holds any of `names` as its own entry, on the MRO
    cls has now (pinned: `__bases__` assigned gives another)."""
    _pin_mro(b, cls)
    for klass in cls.__mro__:
        if not klass.__flags__ & _IMMUTABLE_TYPE:
            for name in names:
                b.guards.require_absent(guards.own(guards.const(klass), name))


def own_lacks(b, owner, acc, name):
    """owner (read at `acc`) has no own entry `name`: what `getattr(owner, name)` would
    find before its class (TF's conversion asks the object for `__tf_tensor__`)."""
    if janus_ext.own_attr(owner, name, _MISSING) is not _MISSING or \
            b.heap.written(owner, name)[0]:
        raise Unsupported(f"{type(owner).__qualname__} object's own {name}")
    b.guards.require_absent(guards.own(acc, name))


def _pin_mro(b, cls):
    """The classes a walk of cls's MRO passed are the ones a call's walk passes:
    `Head.__bases__ = (Mid, GainA)` writes no class dict and puts Mid's entries in the
    way, so the walk's guards on each class's own entries hold the MRO tuple too."""
    if not cls.__flags__ & _IMMUTABLE_TYPE:
        b.guards.require_is(guards.mro(guards.const(cls)), cls.__mro__)


_TYPE_LINEAGE = ("__mro__", "__bases__")


def mro_of(b, cls):
    """cls's MRO, for an answer the build takes from it natively (an `except` clause's
    match, isinstance() against a plain class): guarded, as `__bases__` assigned above
    cls changes it without writing a dict."""
    _pin_mro(b, cls)
    return cls.__mro__


_TYPE_CHECKS = {name: type.__dict__[name] for name in ("__instancecheck__",
                                                       "__subclasscheck__")}


def class_check_hooks(b, cls):
    """isinstance()/issubclass() against cls call what cls's metaclass holds under
    `__instancecheck__`/`__subclasscheck__` (type's own for a plain class): guarded on
    the metaclass, where the program may replace or delete its hook."""
    meta = type(cls)
    if meta.__flags__ & _IMMUTABLE_TYPE:
        return
    for name, own in _TYPE_CHECKS.items():
        b.guards.require_is(guards.lookup(guards.const(cls), name),
                            janus_ext.type_lookup(meta, name, own))


def super_attribute(b, cls, owner, name, code, offset):
    """`super().name` (or `super(cls, owner).name`) as CPython's super finds it: the
    first class after `cls` in the MRO of owner's type (of owner, for a class) whose
    own dict holds `name`, bound to owner.  Guarded on what it read: owner's type, the
    entry found and the absence of `name` in each class it passed (`Mid.loss = ...`
    mid-run rebuilds).  Classes that cannot be changed (object, builtins) need no
    guard.  A property or another data descriptor found there is refused: its getter
    would run here."""
    if not isinstance(cls, type):
        raise Unsupported("super() with a first argument that is not a class", code, offset)
    start = owner if isinstance(owner, type) and issubclass(owner, cls) else type(owner)
    if not isinstance(owner, cls) and start is not owner:
        raise Unsupported(f"super({cls.__qualname__}, obj) of an object of another class",
                          code, offset)
    acc = b.provenance.source_of(owner)
    if acc is not None:
        if start is owner:
            b.guards.require_is(acc, owner)
        else:
            b.guards.require_type(acc, start)
    elif not b.provenance.is_made(owner):
        raise Unsupported(f"super() of {natives.describe(owner)} janus cannot trace to a "
                          "guarded place", code, offset)
    mro = start.__mro__
    _pin_mro(b, start)
    for klass in mro[mro.index(cls) + 1:]:
        raw = klass.__dict__.get(name, _MISSING)
        guarded = not klass.__flags__ & _IMMUTABLE_TYPE
        entry = guards.own(guards.const(klass), name)
        if raw is _MISSING:
            if guarded:
                b.guards.require_absent(entry)
            continue
        if type(raw) in _BOUND_HERE:
            if guarded:
                b.guards.require_is(entry, raw)
                b.remember(raw, entry)
            return _bind(raw, owner, start)
        if janus_ext.type_lookup(type(raw), "__get__") is not None:
            raise Unsupported(f"super().{name} is a {type(raw).__qualname__} of "
                              f"{klass.__qualname__}, whose __get__ would run here",
                              code, offset)
        if guarded:
            return reads.value_at(b, entry, raw, f"attribute {name!r}", code, offset)
        return _plain(b, raw, name, None, False, code, offset)
    raise Unsupported(f"super().{name}: no class after {cls.__qualname__} defines it",
                      code, offset)


def _class_of(b, owner, code, offset):
    """`owner.__class__` through object's own descriptor: type(owner), guarded as the
    type of where owner came from (a dataclass's __eq__ compares classes so)."""
    cls = type(owner)
    acc = b.provenance.source_of(owner)
    if acc is not None:
        _pass_class(b, acc, cls)
    elif b.provenance.is_made(owner):
        reads.class_source(b, cls)          # made by a guarded constructor of this class
    else:
        raise Unsupported(f"__class__ of {natives.describe(owner)} janus cannot trace to a "
                          "guarded place", code, offset)
    return cls


def writable_class_attribute(b, cls, name, value, code, offset):
    """`Cls.name = value` in the step: a plain entry of the class's own __dict__ that
    type.__setattr__ (C) stores at commit, read back by this call's later reads through
    the class or its instances.  Not a dunder (it would change how the class's
    instances behave inside this very call), not a value with __get__ (a method, which
    reads through instances would have to bind), not a class with a metaclass or of a
    library, not a name the metaclass holds as a data descriptor (__doc__, ...)."""
    if janus_ext.type_lookup(type(value), "__get__") is not None:
        raise Unsupported(f"write of a {type(value).__qualname__} to the class attribute "
                          f"{cls.__qualname__}.{name}: it binds through instances",
                          code, offset)
    if type(cls) is not type or from_library(cls):
        raise Unsupported(f"attribute write .{name} to the class {cls.__qualname__}, which "
                          "has a metaclass or belongs to a library", code, offset)
    if name.startswith("__") and name.endswith("__"):
        raise Unsupported(f"write of the special attribute {cls.__qualname__}.{name}",
                          code, offset)
    held = janus_ext.type_lookup(type, name)
    if held is not None and janus_ext.type_lookup(type(held), "__set__") is not None:
        raise Unsupported(f"{name} of a class is a descriptor of type", code, offset)


def _written_on_class(b, cls, name, code, offset):
    """(True, value) when this call wrote `name` on the class in cls's MRO that a read
    through cls would reach first."""
    for klass in cls.__mro__:
        found, value = b.heap.written(klass, name)
        if found:
            if value is heap.DELETED:
                raise Unsupported(f"attribute {name!r} read after this call deleted it",
                                  code, offset)
            return True, value
        if name in klass.__dict__:
            return False, None
    return False, None


def _made_attribute(b, instance, name, code, offset):
    """An attribute of an instance the build made: its own entries are the build's
    (nothing outside can change them); what its class holds is read like any class
    attribute, guarded where the class came from."""
    cls = type(instance)
    if janus_ext.type_lookup(cls, "__getattribute__") is not object.__getattribute__:
        raise Unsupported(f"{cls.__qualname__} customises attribute access", code, offset)
    descr = janus_ext.type_lookup(cls, name, _MISSING)
    if type(descr) is types.MemberDescriptorType:
        try:
            return descr.__get__(instance, cls)      # a slot: C code reads it
        except AttributeError:
            raise Unsupported(f"slot {name!r} of {cls.__qualname__} is not set",
                              code, offset) from None
    own = janus_ext.own_attr(instance, name, _MISSING)
    if own is not _MISSING and (descr is _MISSING or not _is_data_descriptor(descr)):
        return own
    found, value = _written_on_class(b, cls, name, code, offset)
    if found:
        return value
    if descr is _MISSING:
        raise Unsupported(f"attribute {name!r} of {cls.__qualname__} is not set",
                          code, offset)
    value = _from_class(b, cls, name, reads.class_source(b, cls), code, offset)
    if type(value) is property and isinstance(value.fget, types.FunctionType) \
            and not from_library(value.fget):
        return b.inline(value.fget, (instance,), {}, code, offset)
    if type(descr) in (staticmethod, classmethod):
        return value                                  # bound by _from_class
    if type(value) in _BOUND_HERE:
        return _bind(value, instance, cls)
    if janus_ext.type_lookup(type(value), "__get__") is not None:
        raise Unsupported(f"{cls.__qualname__}.{name} is a descriptor", code, offset)
    return value


def _namedtuple_field(b, owner, name, code, offset):
    """A field of a namedtuple (tf.math.top_k's, a candidate sampler's, the program's
    own): the item its class's _tuplegetter names, which tuple's C code reads.  The
    class is guarded to hold that getter still; an item of a tuple from a guarded place
    is guarded there, one of a tuple the call made or a library call returned is what
    it holds (a tuple does not change)."""
    cls = type(owner)
    getter = janus_ext.type_lookup(cls, name, _MISSING)
    if type(getter) is not _TUPLEGETTER:
        raise Unsupported(f"{cls.__qualname__}.{name} is no longer its namedtuple field",
                          code, offset)
    b.guards.require_is(guards.own(reads.class_source(b, cls), name), getter)
    index = cls._fields.index(name)
    item = tuple.__getitem__(owner, index)
    acc = b.provenance.source_of(owner)
    if acc is None:
        return item
    return reads.value_at(b, guards.item(acc, index), item, f"field {name!r}", code, offset)


def _from_class(b, cls, name, acc, code, offset):
    raw = janus_ext.static_getattr(cls, name, _MISSING)
    if raw is _MISSING:
        raise Unsupported(f"{cls.__qualname__}.{name} cannot be read without running code "
                          "(a metaclass attribute or a descriptor)", code, offset)
    if type(raw) is staticmethod:
        value = raw.__func__
    elif type(raw) is classmethod:
        value = types.MethodType(raw.__func__, cls)
    elif type(raw) is types.ClassMethodDescriptorType:
        value = raw.__get__(None, cls)     # a C classmethod (`dict.fromkeys`), bound to cls
    else:
        return _plain(b, raw, name, acc, False, code, offset)
    if acc is not None:
        b.guards.require_is(guards.attr(acc, name), raw)
    return value


def _plain(b, value, name, acc, library, code, offset):
    if acc is not None:
        return reads.value_at(b, guards.attr(acc, name), value, f"attribute {name!r}", code,
                        offset, library, rebound=b.inlining.carried(name, value))
    # Derived from guarded values by deterministic steps: nothing more to guard,
    # except for tensors and containers that could change under the graph.
    if type(value) is list:
        raise Unsupported(f"attribute {name!r} holds a list janus cannot guard",
                          code, offset)
    if isinstance(value, tf.Tensor) and not isinstance(value, tf.Variable) \
            and not is_symbolic(value):
        raise Unsupported(f"attribute {name!r} holds a tensor read from the heap",
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


def property_held(b, owner, name, prop):
    """The owner's class holds `prop` for `name` (a property whose setter a write runs,
    inlined): guarded where the owner was read, as a getter's property is."""
    acc = b.provenance.source_of(owner)
    if acc is not None:
        b.guards.require_is(guards.lookup(acc, name), prop)


def _property(b, owner, name, prop, acc, code, offset):
    fget = prop.fget
    if isinstance(fget, types.FunctionType) and not from_library(fget):
        # A property the user wrote: its getter is inlined like any function, guarded
        # on the property object the owner's class holds (no instance entry can
        # shadow a data descriptor).
        if acc is not None:
            b.guards.require_is(guards.lookup(acc, name), prop)
        return b.inline(fget, (owner,), {}, code, offset)
    if fget is not None and from_library(fget):
        # Ops get increasing ids: a tensor whose op is newer the getter computed here.
        last_op = max(tf.compat.v1.get_default_graph()._nodes_by_id, default=0)
        # TensorFlow's or Keras' own code, as in any library call.
        value = numbers.handed_back(fget(owner))
        computed_now = is_symbolic(value) and value.op._id > last_op
        if acc is None:
            return _plain(b, value, name, None, True, code, offset)
        if type(value) is list and not any(map(is_symbolic, value)):
            # Keras' trainable_variables, metrics: a new list at each read, of the same
            # objects (guarded, running the getter at each check).  Stored or returned,
            # it is a new list each call, as eager's read makes.
            where = guards.library_property(acc, name, prop)
            b.guards.require_elements(where, value)
            reads.reachable_items(b, value, where)
            return b.note_created(value)
        if type(value) is list and any(map(is_symbolic, value)):
            # Holds tensors of the graph being built (Keras' `model.losses` after the
            # model's call: the losses it recorded, and the regularizers' values): a
            # list computed from this call, a new one at each read, as eagerly.
            b.guards.require_is(guards.lookup(acc, name), prop)
            b.note_library_call(fget, (owner,), {})
            return b.note_created(value)
        if computed_now or _made_at_each_read(fget, owner, value):
            # A tensor the getter computed here (an optimizer's learning_rate from its
            # schedule and iterations, at this point of the step), or Keras 3's
            # `model.compiled_metrics`, a shim of a class its getter defines at each
            # read: the getter is then a library call like `model.compute_loss(...)`,
            # depending on the property the class holds and on library state (watched
            # as for any library call), not on an identity from call to call.
            b.guards.require_is(guards.lookup(acc, name), prop)
            b.note_library_call(fget, (owner,), {})
            return value
        return reads.value_at(b, guards.library_property(acc, name, prop), value,
                        f"attribute {name!r}", code, offset, library=True)
    if type(owner) is tf.dtypes.DType and fget is not None:
        # A dtype is an immutable C++ value (tf.float32 is one object for the process):
        # its C getters (`name`, `is_floating`, `size`) read nothing that can change.
        if acc is not None:
            b.guards.require_is(guards.lookup(acc, name), prop)
        return fget(owner)
    raise Unsupported(f"{type(owner).__qualname__}.{name} is a property whose getter is "
                      "not a Python function", code, offset)


def _made_at_each_read(fget, owner, value) -> bool:
    """A library getter that returns a new object of a library class at each read (so
    an identity guard on its value would miss at every call), not data, a tensor or a
    container whose items the guards compare."""
    if type(value) in guards.SPECIALISABLE or isinstance(
            value, (tuple, list, dict, set, tf.Tensor, tf.Variable, np.ndarray, type,
                    types.ModuleType, types.FunctionType, types.MethodType)):
        return False
    if not is_library_object(value):
        return False
    return fget(owner) is not value


def own_entries_absent(b, owner, names, what, code, offset):
    """`owner`'s own __dict__ holds none of `names` (methods its class's methods look
    up on self), now and, guarded, at every call."""
    own = getattr(owner, "__dict__", {})
    for name in names:
        if name in own:
            raise Unsupported(f"{what}: the instance's own {name!r} replaces its class's "
                              "method, which the call would use", code, offset)
    acc = b.provenance.source_of(owner)
    if acc is not None:
        for name in names:
            b.guards.require_absent(guards.own(acc, name))


def _slot_is_set(descr, owner):
    try:
        descr.__get__(owner, type(owner))       # C code reads the slot
    except AttributeError:
        return False
    return True


def _descriptor(b, owner, name, descr, acc, code, offset):
    """A non-data descriptor other than a function: its __get__ decides the value."""
    cls = type(owner)
    get = janus_ext.type_lookup(type(descr), "__get__")
    library = from_library(get) if get is not None else False
    if isinstance(owner, python_draws.GENERATORS) and not isinstance(get, types.FunctionType):
        library = True      # numpy's Cython generators: C binds their methods
    if not library and not isinstance(get, types.FunctionType):
        raise Unsupported(f"{cls.__qualname__}.{name} is a descriptor whose __get__ is "
                          "not a Python function", code, offset)
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
    if b.provenance.source_of(cls) is None:
        b.remember(cls, guards.type_of(acc))


def library_plain_write(b, owner, name, value, code, offset) -> bool:
    """Whether `owner.name = value` in the step, owner a library object (a Keras
    optimizer's clipnorm, a Dropout's rate, a loss's reduction), may be written through
    while building (heap.write_library_attribute): an entry its __dict__ holds already,
    no property or data descriptor of its class in the way, and a value the same object
    at every call (a constant, or a function read from a guarded place).  A value the call
    computes would be another object at each call, each making the graph stale."""
    place = janus_ext.instance_dict(owner)
    plain = type(value) in guards.SPECIALISABLE or type(value) in (
        types.FunctionType, types.BuiltinFunctionType) and \
        b.provenance.source_of(value) is not None      # (an activation, read guarded)
    if type(place) is not dict or name not in place or not plain or \
            _is_data_descriptor(janus_ext.type_lookup(type(owner), name)):
        return False
    if b.open_regions.depth or b.in_library_body():
        raise Unsupported(f"attribute write .{name} to a {type(owner).__qualname__} inside "
                          "a branch or loop on a tensor, or a body library code traces",
                          code, offset)
    if b.provenance.is_fresh(value):
        raise Unsupported(f"attribute write .{name} to a {type(owner).__qualname__} of a "
                          "value the call computes: library code reads it while building, "
                          "and each call's would be another object", code, offset)
    return True


def _is_data_descriptor(descr):
    kind = type(descr)
    return (janus_ext.type_lookup(kind, "__set__") is not None
            or janus_ext.type_lookup(kind, "__delete__") is not None)


# -- classes: what a call of one runs, what its methods are ------------------------

def constructor(b, cls, code, offset):
    """The __init__ that `cls(...)` runs (None for object's), when making the instance
    runs no other code: type.__call__, object.__new__, no __del__ (eager would run it
    at every call, the build once).  Guarded on what the class holds."""
    if (getattr(cls, "__module__", None) or "").split(".")[0] == "numpy":
        # np.float64(loss), np.int32(n): numpy's scalars follow numpy's rules for
        # arithmetic (overflow, division by zero, promotion), which graphs do not carry.
        what = "a numpy scalar" if issubclass(cls, np.generic) else "a numpy object"
        raise Unsupported(f"np.{cls.__name__}(...) in the step: {what} made from the "
                          "step's values is not computed in graphs", code, offset)
    why = None
    if janus_ext.type_lookup(type(cls), "__call__") is not type.__call__:
        why = "its metaclass defines __call__"
    elif janus_ext.type_lookup(cls, "__new__") is not object.__new__:
        why = "its instances are not made by object.__new__ (a builtin or library base)"
    elif janus_ext.type_lookup(cls, "__del__") is not None:
        why = "it defines __del__"
    init = janus_ext.type_lookup(cls, "__init__")
    if why is None and init is not object.__init__ and (
            not isinstance(init, types.FunctionType) or from_library(init)):
        why = "its __init__ is not a Python function of the program"
    if why is not None:
        raise Unsupported(f"making a {cls.__qualname__} ({why})", code, offset)
    acc = reads.class_source(b, cls)
    b.guards.require_is(guards.attr(acc, "__new__"), object.__new__)
    b.guards.require_is(guards.attr(acc, "__init__"), init)
    if b.provenance.source_of(init) is None:
        b.remember(init, guards.attr(acc, "__init__"))     # its closure cells read from here
    return None if init is object.__init__ else init


def namedtuple_constructor(b, cls, code, offset):
    """`cls(...)` of a collections.namedtuple class runs its generated __new__ (a tuple
    of the arguments) and nothing else: guarded on the class holding that __new__ and
    no __init__ of its own."""
    if janus_ext.type_lookup(cls, "__init__") is not object.__init__ or \
            janus_ext.type_lookup(cls, "__del__") is not None or \
            janus_ext.type_lookup(type(cls), "__call__") is not type.__call__:
        raise Unsupported(f"making a {cls.__qualname__} (a namedtuple class with its own "
                          "__init__, __del__ or metaclass)", code, offset)
    acc = reads.class_source(b, cls)
    new = cls.__dict__.get("__new__")
    b.guards.require_is(guards.own(acc, "__new__"), new)
    b.guards.require_is(guards.attr(acc, "__init__"), object.__init__)
    function = getattr(new, "__func__", None)       # type() made it a staticmethod
    if isinstance(function, types.FunctionType):
        # Its defaults fill the fields not given (`Cfg.__new__.__defaults__ = ...`, the
        # recipe before namedtuple(defaults=)): watched as an inlined function's are.
        b.inlining.inlined.setdefault(id(function), function)


def unshadowed_method(b, value, name, impl, code, offset):
    """`value.name` is `impl`, found on the class: the static read finds an instance
    entry first, so one guard says that the class holds `impl` and that nothing on the
    instance shadows it."""
    if janus_ext.own_attr(value, name) is not None:
        raise Unsupported(f"{type(value).__qualname__} instance has its own `{name}` "
                          "attribute", code, offset)
    acc = b.provenance.source_of(value)
    if acc is not None:
        b.guards.require_is(guards.attr(acc, name), impl)


def shadowed_by_library_read(value, name) -> bool:
    """`value` holds its own `name`, ahead of its class's (a `call` the program hung on
    its Keras layer): library code reads it there (Keras' __call__), calling back into
    the program's function, and the library watch of `value`'s dict guards it."""
    return janus_ext.own_attr(value, name) is not None


def code_on_class(b, cls, name):
    """(property getter, function) that `cls.name` holds for a class the graph names by
    identity (recursive graphs over objects of `cls`), guarded as the checker reads it:
    a class attribute reassigned mid-run rebuilds.  (None, None) for other values."""
    static = janus_ext.static_getattr(cls, name, _MISSING)
    getter = _plain_property_getter(cls, name)
    if getter is None and not isinstance(static, types.FunctionType):
        return None, None
    b.guards.require_is(guards.attr(guards.const(cls), name), static)
    return getter, None if getter is not None else static


def _plain_property_getter(cls, name):
    descriptor = janus_ext.type_lookup(cls, name)
    if type(descriptor) is property and isinstance(descriptor.fget, types.FunctionType) \
            and not from_library(descriptor.fget):
        return descriptor.fget
    return None


# -- uses ---------------------------------------------------------------------------
