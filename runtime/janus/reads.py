"""A value from outside the build → what the graph uses for it, and a guard on exactly
what the build consumed of it.

This is the one path by which a build reads the program's heap: globals, closure cells,
attributes, items, the class attributes an implicit call looks up, and the contents of
containers once the call depends on them (lists, dicts, and the stdlib containers of
janus/containers.py: a deque's length or items, a mapping's keys, a missing key).  Each read goes through the same static
lookups the entry checker replays (janus_ext.static_getattr / static_item / type_lookup),
so no user code (__getattr__, __getitem__, __get__, __eq__) runs here, and each records
its guard before it returns.  tests/test_layers.py checks that the other build stages
record no guards of their own.

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
"""

import types

import janus_ext
import numpy as np
import tensorflow as tf

from . import containers, guards, heap, natives, objects, python_draws, raising
from .errors import Unsupported
from .values import LIBRARY_MODULES, from_library, is_library_object, is_symbolic

MAX_CARRIED_ITEMS = 16      # a rebound list/tuple longer than this is not read item-wise
GLOBAL_ROOT = "global:"     # marks a global, not an argument, in Builder.by_reference
_MISSING = object()
_GENERIC_GETATTRIBUTE = (object.__getattribute__, types.ModuleType.__getattribute__)
_OBJECT_CLASS = object.__dict__["__class__"]
# Class-dict objects the builder binds itself; the checker reads them raw.
_BOUND_HERE = (types.FunctionType, staticmethod, classmethod, types.MethodDescriptorType,
               types.WrapperDescriptorType, types.ClassMethodDescriptorType)


# -- places ------------------------------------------------------------------------

def global_(b, globals_dict, name, code, offset):
    found, value = b.heap.written(globals_dict, name)
    if found:
        return value
    if name in globals_dict:
        value = globals_dict[name]
    elif name in b.builtins:
        value = b.builtins[name]
    else:
        raise Unsupported(f"global {name!r} is not defined", code, offset)
    acc = guards.global_(globals_dict, b.builtins, name)
    if GLOBAL_ROOT + name in b.by_reference and objects.is_plain_instance(value):
        return _global_by_reference(b, acc, value)
    return value_at(b, acc, value, f"global {name!r}", code, offset,
                    rebound=name in b.rebound)


def _global_by_reference(b, acc, value):
    """A global whose objects a recursive function walks (a tree read from a global):
    its object travels as a pointer read when the call starts, guarded by class, so
    that a tree the program changes between calls is walked as it is then."""
    b.guards.require_type(acc, type(value))
    pointer = b.global_pointers.get(id(acc))
    if pointer is None:
        holder = b.call_args_holder
        with b.root_graph.as_default():
            # The globals dict keeps the object alive for the whole graph call.
            pointer = b.root_graph.capture_call_time_value(
                lambda: tf.constant(id(janus_ext.read_accessor(acc, holder.args)),
                                    tf.int64),
                tf.TensorSpec([], tf.int64))
        b.global_pointers[id(acc)] = pointer
        b.population.add(value)
    return objects.ObjectRef(pointer, type(value), b.population)


def cell(b, frame, name, ins):
    entry = cell_entry(frame, name, ins)
    cell_object, acc = entry
    found, value = b.heap.written(cell_object, "cell_contents")
    if found:
        return value
    try:
        value = cell_object.cell_contents
    except ValueError:
        frame.fail(f"closure variable {name!r} is not bound", ins)
    return value_at(b, guards.cell(acc), value, f"closure variable {name!r}",
                    frame.code, ins.offset, rebound=name in b.rebound)


def cell_entry(frame, name, ins):
    """(cell, accessor) of a free variable the frame may read or write."""
    entry = frame.cells.get(name)
    if entry is None:
        frame.fail(f"cell variable {name!r} of a function that makes closures", ins)
    if entry[1] is None:
        frame.fail(f"closure variable {name!r} of a function janus did not read from "
                   "a guarded place", ins)
    return entry


def item(b, container, key, code, offset):
    """container[key] of a list or dict from outside the build, read as the guard
    checker reads it: no __getitem__ or __missing__ of a subclass, and a key of
    another type (True for 1) is no match."""
    acc = b.sources.get(id(container))
    if acc is None:
        raise Unsupported("item read from a container janus cannot guard", code, offset)
    value = janus_ext.static_item(container, key, _MISSING)
    if value is _MISSING:
        _missing_item(b, container, key, acc, code, offset)
        raise Unsupported(f"item {guards.show(key)} of a {type(container).__qualname__} "
                          "cannot be read without running code, or has a key of another "
                          "type", code, offset)
    return value_at(b, guards.item(acc, key), value, f"item {guards.show(key)}",
                    code, offset)


def own_entry(b, owner, name, code, offset):
    """owner's own __dict__ entry `name`, which `del owner.name` needs, guarded there."""
    acc = b.sources.get(id(owner))
    value = janus_ext.own_attr(owner, name, _MISSING)
    if acc is None or value is _MISSING:
        raise Unsupported(f"del .{name} of an attribute janus cannot read from a guarded "
                          "place", code, offset)
    return value_at(b, guards.own(acc, name), value, f"attribute {name!r}", code, offset)


def slot_member(b, owner, name, descr, code, offset):
    """The __slots__ member descriptor a write to owner.name stores through, guarded to
    stay the one type(owner) holds (`Cls.x = property(...)` mid-run rebuilds)."""
    acc = b.sources.get(id(owner))
    if acc is None:
        raise Unsupported(f"attribute write .{name} to a slot of an object janus did not "
                          "read from a guarded place", code, offset)
    b.guards.require_is(guards.lookup(acc, name), descr)


def holds_own(obj, name):
    """obj's own __dict__ has `name` (an instance this call made: nothing to guard)."""
    return janus_ext.own_attr(obj, name, _MISSING) is not _MISSING


def _missing_item(b, container, key, acc, code, offset):
    """A guarded dict without a str key, or a guarded list too short: the program's
    KeyError or IndexError, for as long as the key stays absent or the length the
    same.  Other keys are compared by janus_ext without the program's __eq__, which
    can tell no absence (1 finds 1.0 and True in CPython)."""
    if type(container) is dict and type(key) is str and key not in container:
        b.guards.require_type(acc, dict)
        b.guards.require_absent(guards.item(acc, key))
        raise raising.Thrown(KeyError(key), code, offset)
    if type(container) is list and type(key) is int and \
            not -len(container) <= key < len(container):
        b.guards.require_type(acc, list)
        b.guards.require_length(acc, len(container))
        raise raising.Thrown(IndexError("list index out of range"), code, offset)


def same_item(copy, real, key):
    """This call's copy holds at `key` what the caller's container holds there (both
    read as the guard checker reads them)."""
    value = janus_ext.static_item(real, key, _MISSING)
    if value is _MISSING:
        if containers.is_mapping(real) and type(key) in guards.SPECIALISABLE and \
                dict.__contains__(real, key):
            # d[1] finds the entry of True: the checker cannot read it as a key 1, and
            # reading it from the copy would go unguarded.
            raise Unsupported(f"item {guards.show(key)} is stored under an equal key of "
                              "another type")
        return False
    return janus_ext.static_item(copy, key, _MISSING) is value


def identity(b, value):
    """The call stores or returns `value`, so its identity shows (`st.pair is PAIR`): an
    equal value read from the same place is no longer enough."""
    b.guards.require_is(b.sources[id(value)], value)


def implicit_method(b, value, name, impl):
    """CPython looks `name` up on type(value) for an implicit call (a dunder, __call__,
    __enter__): guard that the class still holds `impl` there."""
    acc = b.sources.get(id(value))
    if acc is not None:
        b.guards.require_is(guards.lookup(acc, name), impl)
    elif id(value) in b.made:
        b.guards.require_is(guards.attr(_class_source(b, type(value)), name), impl)


def constructor(b, cls, code, offset):
    """The __init__ that `cls(...)` runs (None for object's), when making the instance
    runs no other code: type.__call__, object.__new__, no __del__ (eager would run it
    at every call, the build once).  Guarded on what the class holds."""
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
    acc = _class_source(b, cls)
    b.guards.require_is(guards.attr(acc, "__new__"), object.__new__)
    b.guards.require_is(guards.attr(acc, "__init__"), init)
    if id(init) not in b.sources:
        b.remember(init, guards.attr(acc, "__init__"))     # its closure cells read from here
    return None if init is object.__init__ else init


def _class_source(b, cls):
    acc = b.sources.get(id(cls))
    if acc is None:
        acc = guards.const(cls)
        b.remember(cls, acc)
    return acc


def unshadowed_method(b, value, name, impl, code, offset):
    """`value.name` is `impl`, found on the class: the static read finds an instance
    entry first, so one guard says that the class holds `impl` and that nothing on the
    instance shadows it."""
    if janus_ext.own_attr(value, name) is not None:
        raise Unsupported(f"{type(value).__qualname__} instance has its own `{name}` "
                          "attribute", code, offset)
    acc = b.sources.get(id(value))
    if acc is not None:
        b.guards.require_is(guards.attr(acc, name), impl)


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

def contents(b, value):
    """The call depends on what a heap list or dict holds: guard the contents."""
    real = b.heap.real_of.get(id(value), value)
    if containers.is_tracked(real):
        _collection_contents(b, real)
        return
    entry = b.lazy_contents.pop(id(real), None)
    if entry is None:
        return
    acc, container = entry
    if type(container) is dict:
        # The keys; a value is guarded where it is read (BINARY_SUBSCR, get).
        b.guards.require_keys(acc, container)
        for key, held in container.items():
            if not _is_python_data(held):
                b.guards.require_is(guards.item(acc, key), held)
    else:
        b.guards.require_elements(acc, container)


def whole(b, value, code, offset, depth=0):
    """The call evaluates natively something that reads all of `value` (`==`, str(),
    formatting, sum()): guard every heap container in it deeply, the values of its
    mappings too (contents() guards a mapping's keys only)."""
    if depth > natives.MAX_DEPTH:
        raise Unsupported("a container nested too deep to guard", code, offset)
    if type(value) is tuple:
        for held in value:
            whole(b, held, code, offset, depth + 1)
        return
    real = b.heap.real_of.get(id(value), value)
    acc = b.sources.get(id(real))
    if containers.is_tracked(real) and acc is None:
        _collection(b, real)           # refuses: nothing guards what it holds
    if acc is None or not (type(real) in (list, dict) or containers.is_tracked(real)):
        return
    contents(b, real)
    if containers.is_mapping(real):
        dict_values(b, real, code, offset)
        nested = [(guards.item(acc, key), held) for key, held in dict.items(real)]
    elif type(real) is list:
        nested = [(guards.item(acc, i), held) for i, held in enumerate(real)]
    else:
        if any(type(held) in (list, dict) or containers.is_tracked(held) for held in real):
            raise Unsupported("a deque holding mutable containers, read whole", code, offset)
        return
    for item_acc, held in nested:
        if type(held) in (list, dict, tuple) or containers.is_tracked(held):
            if id(held) not in b.sources:
                b.remember(held, item_acc)
            whole(b, held, code, offset, depth + 1)


def dict_values(b, real, code, offset):
    """d.values()/items()/copy() of a dict from outside the build: every value is read."""
    acc = b.sources.get(id(real))
    if acc is not None:
        for key, held in dict.items(real):
            if is_symbolic(value_at(b, guards.item(acc, key), held, f"item {key!r}", code,
                                    offset)):
                # A number that changes between calls is read at call time; the view
                # the method returns would hold the build's value.
                raise Unsupported(f"values of a {type(real).__qualname__} that change "
                                  "between calls, read all at once", code, offset)


def value_at(b, acc, value, what, code, offset, library=False, rebound=False):
    """Guard a value read from the heap at `acc`; returns what the graph uses for it.

    `rebound`: the converted code assigns this attribute or global, so its value
    is state carried from call to call (a counter, an RNN state): it is read at
    every call rather than specialised."""
    if id(value) in b.heap.shadows:
        return b.heap.shadows[id(value)]
    where = guards.describe_accessor(acc, b.arg_names)
    if rebound and type(value) in (list, tuple) and len(value) <= MAX_CARRIED_ITEMS:
        # Same type and length each call; the items are read like any heap value.
        b.guards.require_type(acc, type(value))
        b.guards.require_length(acc, len(value))
        items = [value_at(b, guards.item(acc, i), held, f"{what}[{i}]", code, offset,
                          library, rebound)
                 for i, held in enumerate(value)]
        return tuple(items) if type(value) is tuple else b.note_created(items)
    if rebound and type(value) in heap.VARYING_NUMBER_DTYPES:
        return _at_call_time(b, acc, value, where)
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            raise Unsupported(f"{what} is an object array", code, offset)
        return _at_call_time(b, acc, value, where)
    if b.heap.wants_call_time_read(value, where):
        return _at_call_time(b, acc, value, where)
    if type(value) is list and not library:
        # The user's own list: the same object; its contents are guarded only
        # if the call reads them (an append-only history changes every call).
        b.guards.require_is(acc, value)
        b.lazy_contents[id(value)] = (acc, value)
    elif type(value) is list or isinstance(value, tuple) and type(value) is not tuple:
        # Same elements in the same order; not the same list object, since
        # properties such as Keras' trainable_variables build a new list each time.
        b.guards.require_elements(acc, value)
    elif type(value) is tuple:
        # Exact items: constants by type and value, anything else by identity.
        b.guards.require_equal(acc, value)
    elif type(value) is dict:
        # The program's own dict or one a library object holds (a Tokenizer's
        # word_index): the same object; its keys and the items read are guarded.
        b.guards.require_is(acc, value)
        b.lazy_contents[id(value)] = (acc, value)
    elif containers.is_tracked(value):
        # A deque, Counter, defaultdict or OrderedDict: the same object; what a use
        # consumes of it (its length, keys, items) is guarded by that use.
        b.guards.require_is(acc, value)
    elif type(value) is set:
        raise Unsupported(f"{what} is a mutable set", code, offset)
    else:
        b.guards.require_value(acc, value)
    b.remember(value, acc)
    return value


def _at_call_time(b, acc, value, where):
    if b.call_ids:
        raise Unsupported(f"{where} would be read at call time inside a recursive "
                          "function")
    if b.root_graph is None:
        raise Unsupported(f"{where} is read before the graph exists")
    with b.root_graph.as_default():
        return b.heap.read_at_call_time(acc, value, where)


def _is_python_data(value):
    return type(value) in guards.SPECIALISABLE or isinstance(value, tf.Tensor)


# -- stdlib containers (janus/containers.py) ----------------------------------------

def _collection(b, container):
    """(caller's container, accessor) of a tracked stdlib container this call uses,
    guarded on its exact type and what it was built with (maxlen, default_factory)."""
    real = b.heap.real_of.get(id(container), container)
    acc = b.sources.get(id(real))
    if acc is None:
        raise Unsupported(f"{natives.describe(real)} janus cannot trace to a guarded place",
                          *b.where)
    b.guards.require_collection(acc, real)
    return real, acc


def _collection_contents(b, real):
    """A deque's items (by identity, in order); a mapping's keys in order, and its
    values that are objects rather than Python data (those are guarded where read)."""
    real, acc = _collection(b, real)
    if type(real) is containers.deque:
        b.guards.require_elements(acc, real)
        return
    b.guards.require_keys(acc, real)
    for key, held in dict.items(real):
        if not _is_python_data(held):
            b.guards.require_is(guards.item(acc, key), held)


def stdlib_slot(b, container, name, code, offset):
    """Counter is a Python class: the slot `name` that janus evaluates natively must
    still be the stdlib's, and is guarded so (the C types' slots cannot change)."""
    if type(container) is not containers.Counter:
        return
    impl = janus_ext.type_lookup(containers.Counter, name)
    if impl is not containers.COUNTER_SLOTS.get(name, _MISSING):
        raise Unsupported(f"Counter.{name} is not the standard library's", code, offset)
    real, acc = _collection(b, container)
    b.guards.require_is(guards.lookup(acc, name), impl)


def length(b, container, code, offset):
    """len() of a tracked container: only its length is guarded, unless this call has
    changed it (the copy's length then follows from what the caller's one holds)."""
    if type(container) is list:
        return _list_length(b, container)
    real, acc = _collection(b, container)
    stdlib_slot(b, real, "__len__", code, offset)
    if id(real) in b.heap.shadows:
        _collection_contents(b, real)
    else:
        b.guards.require_length(acc, janus_ext.static_len(real))
    return janus_ext.static_len(b.heap.local_view(real))


def _list_length(b, value):
    """len() of a list.  The user's own list whose items the call has not read: only
    its length is guarded, and a length that changed between calls (a history the
    program appends to) is read at call time."""
    entry = b.lazy_contents.get(id(value))
    if entry is None:
        contents(b, value)
        return len(value)
    acc = entry[0]
    where = f"len({guards.describe_accessor(acc, b.arg_names)})"
    if where in b.heap.varying and not b.call_ids and b.root_graph is not None:
        with b.root_graph.as_default():
            return b.heap.read_length_at_call_time(acc, where)
    b.guards.require_length(acc, len(value))
    return len(value)


def membership(b, key, container, code, offset):
    """`key in container` (a tracked container), evaluated on the keys or items it
    guards; the key must be a value whose __eq__/__hash__ is no code of the program."""
    contents(b, container)
    stdlib_slot(b, container, "__contains__", code, offset)
    comparable(b, container, (key,), code, offset)
    if type(container) is containers.deque:
        return key in container
    return dict.__contains__(container, key)


def comparable(b, container, values, code, offset):
    """`values` (a key, an item to find) meet the container's keys or items through
    __hash__/__eq__: none of them may be an object whose own code would run."""
    compared = (*values, *container) if type(container) is containers.deque else values
    opaque = natives.first_opaque(compared, True, is_library_object)
    if opaque is not None:
        raise Unsupported(f"{natives.describe(container)} would compare "
                          f"{natives.describe(opaque)} by its own code", code, offset)


def collection_item(b, container, key, code, offset):
    """container[key] of a tracked container (the caller's, or this call's copy)."""
    real, acc = _collection(b, container)
    if type(real) is containers.deque:
        if type(key) is not int:
            raise Unsupported(f"deque index of type {type(key).__qualname__}", code, offset)
        contents(b, real)
        try:
            return container[key]
        except IndexError as exc:
            raise raising.Thrown(exc, code, offset) from None
    comparable(b, container, (key,), code, offset)
    if same_item(container, real, key):
        return item(b, real, key, code, offset)     # guarded, or read at call time
    contents(b, real)          # the key is absent there, or this call wrote it
    if dict.__contains__(container, key):
        return dict.__getitem__(container, key)
    if type(real) is containers.Counter:
        stdlib_slot(b, real, "__missing__", code, offset)
        return 0               # Counter.__missing__: a count of zero, nothing stored
    if type(real) is containers.defaultdict and real.default_factory is not None:
        value = default_value(b, real.default_factory, code, offset)
        b.heap_method(container, "__setitem__", (key, value), {}, code, offset)
        return value
    raise raising.Thrown(KeyError(key), code, offset)


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
        _collection(b, owner)
        return getattr(owner, name)
    raise Unsupported(f"{kind.__qualname__}.{name} is not converted (it reads values janus "
                      "does not guard, or is not known to janus)", code, offset)


# -- attributes ----------------------------------------------------------------------

def attribute(b, owner, name, code, offset):
    """`owner.name` of an object from outside the build, or of an instance it made."""
    if name == "__class__" and janus_ext.type_lookup(type(owner), name) is _OBJECT_CLASS:
        return _class_of(b, owner, code, offset)
    if id(owner) in b.made:
        return _made_attribute(b, owner, name, code, offset)
    found, value = b.heap.written(owner, name)
    if found:
        if value is heap.DELETED:
            raise Unsupported(f"attribute {name!r} read after this call deleted it",
                              code, offset)
        return value
    library = (is_library_object(owner) or isinstance(owner, types.ModuleType)
               and (owner.__name__ or "").startswith(LIBRARY_MODULES))
    acc = b.sources.get(id(owner))
    if acc is None and id(owner) not in b.heap.real_of:
        # An object a library call returned: what the build saw is this object, so
        # its attributes are guarded from the object itself.
        acc = guards.const(owner)
        b.remember(owner, acc)
    if isinstance(owner, type):
        found, value = _written_on_class(b, owner, name, code, offset)
        if found:
            return value          # a base class's entry this call wrote
        return _from_class(b, owner, name, acc, code, offset)
    cls = type(owner)
    if janus_ext.type_lookup(cls, "__getattribute__") not in _GENERIC_GETATTRIBUTE:
        raise Unsupported(f"{cls.__qualname__} customises attribute access", code, offset)
    descr = janus_ext.type_lookup(cls, name, _MISSING)
    if descr is not _MISSING and _is_data_descriptor(descr):
        if type(descr) is property:
            return _property(b, owner, name, descr, acc, code, offset)
        if type(descr) is not types.MemberDescriptorType:
            raise Unsupported(f"{cls.__qualname__}.{name} is a data descriptor, which "
                              "may have side effects", code, offset)
    if janus_ext.own_attr(owner, name, _MISSING) is _MISSING and \
            not isinstance(owner, types.ModuleType):
        found, value = _written_on_class(b, type(owner), name, code, offset)
        if found:           # `Cls.count += 1` earlier in this call: what it wrote
            return value
    value = janus_ext.static_getattr(owner, name, _MISSING)
    if value is _MISSING and isinstance(owner, types.ModuleType) and library:
        getattr(owner, name)       # a lazily loaded library module fills its __dict__
        value = janus_ext.static_getattr(owner, name, _MISSING)
    if value is _MISSING:
        if descr is _MISSING or type(descr) is types.MemberDescriptorType:
            why = "its class has __getattr__" if janus_ext.type_lookup(
                cls, "__getattr__") is not None else "it is not set"
            raise Unsupported(f"attribute {name!r} of {cls.__qualname__} cannot be read "
                              f"({why})", code, offset)
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


def _class_of(b, owner, code, offset):
    """`owner.__class__` through object's own descriptor: type(owner), guarded as the
    type of where owner came from (a dataclass's __eq__ compares classes so)."""
    cls = type(owner)
    acc = b.sources.get(id(owner))
    if acc is not None:
        _pass_class(b, acc, cls)
    elif id(owner) in b.made:
        _class_source(b, cls)          # made by a guarded constructor of this class
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
    value = _from_class(b, cls, name, _class_source(b, cls), code, offset)
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


def _from_class(b, cls, name, acc, code, offset):
    raw = janus_ext.static_getattr(cls, name, _MISSING)
    if raw is _MISSING:
        raise Unsupported(f"{cls.__qualname__}.{name} cannot be read without running code "
                          "(a metaclass attribute or a descriptor)", code, offset)
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
        return value_at(b, guards.attr(acc, name), value, f"attribute {name!r}", code,
                        offset, library, rebound=name in b.rebound)
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
        value = fget(owner)       # TensorFlow's or Keras' own code, as in any library call
        if acc is None:
            return _plain(b, value, name, None, True, code, offset)
        return value_at(b, guards.library_property(acc, name, prop), value,
                        f"attribute {name!r}", code, offset, library=True)
    raise Unsupported(f"{type(owner).__qualname__}.{name} is a property whose getter is "
                      "not a Python function", code, offset)


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
    if id(cls) not in b.sources:
        b.remember(cls, guards.type_of(acc))


def _is_data_descriptor(descr):
    kind = type(descr)
    return (janus_ext.type_lookup(kind, "__set__") is not None
            or janus_ext.type_lookup(kind, "__delete__") is not None)
