"""A value from outside the build → what the graph uses for it, and a guard on exactly
what the build consumed of it.

This is the one path by which a build reads the program's heap: globals, closure cells,
attributes, items, the class attributes an implicit call looks up, and the contents of
containers once the call depends on them (lists, dicts, and the stdlib containers of
janus/containers.py: a deque's length or items, a mapping's keys, a missing key).
Attribute reads are its other half, janus/state/attribute_reads.py.  Each read goes through
the same static lookups the entry checker replays (janus_ext.static_getattr /
static_item / type_lookup), so no user code (__getattr__, __getitem__, __get__, __eq__)
runs here, and each records its guard before it returns.  tests/unit/test_layers.py checks
that the other build stages record no guards of their own.
"""

import array
import functools
import types

import numpy as np
import tensorflow as tf

import janus_ext

from .. import containers, guards
from ..errors import Thrown, Unsupported
from ..semantics import arrays, natives
from ..values import BuildIterator, GraphText, is_stand_in, is_symbolic, wrapped_by_library
from . import heap, library_state, objects, provenance

MAX_CARRIED_ITEMS = 16      # a rebound list/tuple longer than this is not read item-wise
GLOBAL_ROOT = "global:"     # marks a global, not an argument, in Builder.by_reference
_MISSING = object()


# -- places ------------------------------------------------------------------------

def global_(b, globals_dict, name, code, offset):
    found, value = b.heap.written(globals_dict, name)
    if found:
        return value
    if name in globals_dict:
        value = globals_dict[name]
    elif name in b.target.builtins:
        value = b.target.builtins[name]
    else:
        raise Unsupported(f"global {name!r} is not defined", code, offset)
    acc = guards.global_(globals_dict, b.target.builtins, name)
    if GLOBAL_ROOT + name in b.plan.by_reference and objects.is_plain_instance(value):
        return _global_by_reference(b, acc, value)
    return value_at(b, acc, value, f"global {name!r}", code, offset,
                    rebound=b.inlining.carried(name, value))


def library_switch(b, module, name):
    """A library module's global switch (TF's run_functions_eagerly), guarded by
    value: the graph is built for this setting, and another misses."""
    value = module.__dict__[name]
    b.guards.require_equal(guards.global_(module.__dict__, b.target.builtins, name), value)
    return value


def _global_by_reference(b, acc, value):
    """A global whose objects a recursive function walks (a tree read from a global):
    its object travels as a pointer read when the call starts, guarded by class, so
    that a tree the program changes between calls is walked as it is then."""
    b.guards.require_type(acc, type(value))
    pointer = b.recursion.global_pointers.get(id(acc))
    if pointer is None:
        holder = b.target.call_args
        with b.target.root_graph.as_default():
            # The globals dict keeps the object alive for the whole graph call.
            pointer = b.target.root_graph.capture_call_time_value(
                lambda: tf.constant(id(janus_ext.read_accessor(acc, holder.args)),
                                    tf.int64),
                tf.TensorSpec([], tf.int64))
        b.recursion.global_pointers[id(acc)] = pointer
        b.recursion.population.add(value)
    return objects.ObjectRef(pointer, type(value), b.recursion.population)


def cell(b, frame, name, ins):
    entry = cell_entry(frame, name, ins)
    cell_object, acc = entry
    if id(cell_object) in b.inlining.made_cells:       # the call's own variable
        return b.read_made_cell(cell_object, name, frame, ins)
    found, value = b.heap.written(cell_object, "cell_contents")
    if found:
        if value is heap.DELETED:
            frame.fail(f"closure variable {name!r} is deleted here", ins)
        return value
    try:
        value = cell_object.cell_contents
    except ValueError:
        frame.fail(f"closure variable {name!r} is not bound", ins)
    return value_at(b, guards.cell(acc), value, f"closure variable {name!r}",
                    frame.code, ins.offset, rebound=b.inlining.carried(name, value))


def cell_entry(frame, name, ins):
    """(cell, accessor) of a free variable the frame may read or write; a variable of
    the frame's own that its closures share is in a cell its local slot holds (an
    inlined comprehension makes a new one for its loop variable, as CPython does)."""
    if name in frame.code.co_cellvars:
        cell = frame.locals.get(name)
        if type(cell) is not types.CellType:
            frame.fail(f"closure variable {name!r} is not bound", ins)
        return cell, None
    entry = frame.cells.get(name)
    if entry is None:
        frame.fail(f"cell variable {name!r} of a function that makes closures", ins)
    return entry


def unreadable_item(b, copy, real, key):
    """The caller's dict holds `key`, which the checker cannot read (a frozenset, an
    object), and the call did not write it: a method reading its value (`get`) would
    read it unguarded."""
    if type(key) is str or janus_ext.static_item(real, key, _MISSING) is not _MISSING:
        return False
    if not natives.hashes_natively(key):
        return True                   # whether it holds it would run program code
    if not dict.__contains__(real, key):
        return False                  # absent: the guard on its keys says so
    touched = b.heap.touched.get(id(copy), set()) if copy is not real else set()
    return touched is None or key not in touched


def item(b, container, key, code, offset):
    """container[key] of a list or dict from outside the build, read as the guard
    checker reads it: no __getitem__ or __missing__ of a subclass, and a key of
    another type (True for 1) is no match."""
    acc = b.provenance.source_of(container)
    if acc is None:
        raise Unsupported("item read from a container janus cannot guard", code, offset)
    if is_stand_in(key):
        raise Unsupported(f"{natives.describe(key)} as a key or index of a "
                          f"{type(container).__qualname__}: only the graph knows its value",
                          code, offset)
    b.heap.note_item_access(container, False)
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
    acc = b.provenance.source_of(owner)
    value = janus_ext.own_attr(owner, name, _MISSING)
    if acc is None or value is _MISSING:
        raise Unsupported(f"del .{name} of an attribute janus cannot read from a guarded "
                          "place", code, offset)
    return value_at(b, guards.own(acc, name), value, f"attribute {name!r}", code, offset)


def slot_member(b, owner, name, descr, code, offset):
    """The __slots__ member descriptor a write to owner.name stores through, guarded to
    stay the one type(owner) holds (`Cls.x = property(...)` mid-run rebuilds)."""
    acc = b.provenance.source_of(owner)
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
        raise Thrown(KeyError(key), code, offset)
    if type(container) is list and type(key) is int and \
            not -len(container) <= key < len(container):
        b.guards.require_type(acc, list)
        b.guards.require_length(acc, len(container))
        raise Thrown(IndexError("list index out of range"), code, offset)


def same_item(b, copy, real, key):
    """This call's copy holds at `key` what the caller's container holds there: the
    caller's container has the key (read as the guard checker reads it), and nothing
    the call did changed what is there.  For a list, only appends keep every position;
    a mapping keeps the keys the call did not write or delete.  (Identity of the two
    items is no proof that the call did not write there, since it may have written an
    equal small int; where the writes are not known, it is what is left.)"""
    value = janus_ext.static_item(real, key, _MISSING)
    if value is _MISSING:
        if containers.is_mapping(real) and type(key) in guards.SPECIALISABLE and \
                dict.__contains__(real, key):
            # d[1] finds the entry of True: the checker cannot read it as a key 1, and
            # reading it from the copy would go unguarded.
            raise Unsupported(f"item {guards.show(key)} is stored under an equal key of "
                              "another type")
        return False
    if copy is real:
        return True
    if type(real) is list:
        appended = b.heap.appended.get(id(copy))
        return appended is not None and type(key) is int and \
            0 <= key < len(copy) - appended and \
            key not in b.heap.rewritten.get(id(copy), ())
    touched = b.heap.touched.get(id(copy), set())
    if touched is None:
        # The call changed it in ways that do not name their keys (`update()` of
        # pairs, `popitem()` with odd arguments): the item is still the caller's where
        # the copy holds the caller's object; one the call wrote over with the same
        # object is read from the caller's dict too, guarded, and gives that object.
        return janus_ext.static_item(copy, key, _MISSING) is value
    return key not in touched


# Mutable C sequences: no watcher sees a write into them, and janus makes no copy of
# them (a write to one inside the step is refused).  A memoryview reads its buffer's
# bytes now, whoever wrote them (struct.pack_into on the bytearray under it).
C_SEQUENCES = (array.array, bytearray, memoryview)


def partial_parts(b, partial, code, offset):
    """(function, arguments, keywords) of a functools.partial the step calls, each read
    where the partial holds it, as any value is.  `p.__setstate__(...)` gives it other
    ones without writing a dict: the arguments' tuple and the keywords' dict are guarded
    by identity, the keywords' items where they are."""
    acc = b.provenance.source_of(partial)
    if acc is None or type(partial) is not functools.partial:
        raise Unsupported("a call of a functools.partial janus did not read from a guarded "
                          "place", code, offset)
    func = value_at(b, guards.attr(acc, "func"), partial.func, "a partial's function",
                    code, offset)
    b.guards.require_is(guards.attr(acc, "args"), partial.args)
    args = tuple(value_at(b, guards.item(guards.attr(acc, "args"), i), held,
                          f"a partial's argument {i}", code, offset)
                 for i, held in enumerate(partial.args))
    keywords_acc = guards.attr(acc, "keywords")
    b.guards.require_is(keywords_acc, partial.keywords)
    b.guards.require_keys(keywords_acc, partial.keywords)
    keywords = {name: value_at(b, guards.item(keywords_acc, name), held,
                               f"a partial's keyword {name!r}", code, offset)
                for name, held in partial.keywords.items()}
    return func, args, keywords


def written_in_place(b, real, index):
    """`real[index] = v` of the caller's list, replayed at commit: only what the write
    needs is guarded (the other items stay the caller's: same_item, from_copy): that
    the list has an item there (a growing history keeps its first items), else its
    length."""
    acc = b.provenance.source_of(real)
    if 0 <= index < len(real):
        b.guards.require_type(guards.item(acc, index), type(real[index]))
    else:
        b.guards.require_length(acc, len(real))


def c_sequence_item(b, container, key, code, offset):
    """`container[key]` of an array.array, bytearray or memoryview from the heap
    (per-layer rates the loop edits in place): the item read is guarded by value."""
    if type(key) is not int:
        raise Unsupported(f"{type(container).__name__}[{type(key).__name__}]: only an "
                          "item at an int index is converted", code, offset)
    try:
        value = container[key]
    except (IndexError, ValueError, TypeError) as exc:   # ValueError: a released view
        raise Thrown(exc, code, offset) from None
    b.guards.require_value(guards.item(b.provenance.source_of(container), key), value)
    return b.provenance.note_computed(value)        # an array's float: new at each read


def from_copy(b, copy, key, code, offset):
    """`copy[key]` where this call's copy of a caller's container does not hold the
    caller's item at `key`: the call's own write (a dict's keys stay where they are, a
    list's appended tail), or the caller's item at the position the appends moved it
    from, read there.  Anything else the call did to a list moves items unknowably: its
    contents are guarded."""
    real = b.provenance.real_of(copy)
    if type(real) is list:
        appended = b.heap.appended.get(id(copy))
        position = heap.item_position(copy, "__setitem__", (key,))
        if appended is None or position is None:
            contents(b, copy)
        elif position in b.heap.rewritten.get(id(copy), ()):
            pass                        # the call's own write, there in the copy
        elif key < -appended:
            return item(b, real, key + appended, code, offset)
        elif not -appended <= key < 0:
            contents(b, copy)
    elif real is None and not _items_fixed(b, copy):
        # A mapping proxy, a ctypes array, a UserDict: its items may change between
        # calls, and no guard reads them.
        raise Unsupported(f"item read from a {type(copy).__qualname__} janus cannot guard "
                          "(its items may change between calls)", code, offset)
    found = copy[key]
    # A str's or bytes' item is made at each read (CPython shares only some).
    return b.provenance.note_computed(found) if type(copy) in (str, bytes) else found


def _items_fixed(b, value):
    """Whether `value[key]` may run natively: a tensor or variable (an op), an immutable
    value, or what this call made."""
    return (is_symbolic(value) or isinstance(value, (tf.Variable, tf.TensorShape, np.ndarray,
                                                     str, bytes, tuple, range))
            or type(value) in (arrays.ArrayArg, GraphText)
            or b.provenance.region_of(value) is not None or b.provenance.is_made(value))


def tail_slice(b, container, start, stop, code, offset):
    """`container[start:stop]`.  `history[-3:]` of the caller's list (or of this call's
    copy, the caller's list plus what the call appended) reads only those items, each
    where it is, so a history that grows between calls needs no rebuild."""
    real = b.provenance.real_of(container, container)
    tail = type(real) is list and stop is None and type(start) is int and \
        -len(container) <= start < 0 and (
            container is real and b.provenance.lazy_source(real) is not None
            or container is not real and b.heap.appended.get(id(container)) is not None)
    if not tail:
        contents(b, container)
        part = container[start:stop]
        return b.provenance.note_computed(part, (container,)) \
            if type(container) in (str, bytes) else part
    if container is real:
        return b.note_created([item(b, real, i, code, offset) for i in range(start, 0)])
    return b.note_created([from_copy(b, container, i, code, offset)
                           for i in range(start, 0)])


def adopt(b, stand_in):
    """The call changes, stores or returns a list that value_at read item by item (an
    attribute the code also assigns): from here on it is the copy of the caller's list,
    whose identity is now guarded, and the commit replays the changes on that list."""
    entry = b.provenance.end_stand_in(stand_in)
    if entry is None:
        return
    real, acc = entry
    b.guards.require_is(acc, real)
    b.remember(real, acc)
    b.heap.adopt(real, stand_in)


def type_of(b, value):
    """type(value), guarded where the value was read: the build answers for this type."""
    record = b.provenance.caller_of(value)
    if record is not None:
        return record[1]       # pinned by the graph input's G_TENSOR guard
    acc = b.provenance.source_of(value)
    if acc is not None:
        b.guards.require_type(acc, type(value))
    return type(value)


def implicit_method(b, value, name, impl):
    """CPython looks `name` up on type(value) for an implicit call (a dunder, __call__,
    __enter__): guard that the class still holds `impl` there."""
    acc = b.provenance.source_of(value)
    if acc is not None:
        b.guards.require_is(guards.lookup(acc, name), impl)
    else:
        # Made by the step, or reached where no place names it (an item of a library
        # container, pinned with its class by the container's guard): its class is
        # known, and the class may be given another `name` between calls.
        b.guards.require_is(guards.attr(class_source(b, type(value)), name), impl)


def class_source(b, cls):
    acc = b.provenance.source_of(cls)
    if acc is None:
        acc = guards.const(cls)
        b.remember(cls, acc)
    return acc


def contents(b, value):
    """The call depends on what a heap list or dict holds: guard the contents."""
    real = b.provenance.real_of(value, value)
    if containers.is_tracked(real):
        _collection_contents(b, real)
        return
    acc = b.provenance.take_lazy(real)
    if acc is None:
        source = b.provenance.source_of(real)
        if isinstance(real, tuple) and source is not None:
            reachable_items(b, real, source)      # pinned by the tuple's guard
        return
    if type(real) is dict:
        # The keys; a value is guarded where it is read (BINARY_SUBSCR, get).
        b.guards.require_keys(acc, real)
        for key, held in real.items():
            if not _is_python_data(held):
                b.guards.require_is(guards.item(acc, key), held)
    else:
        b.guards.require_elements(acc, real)
        if type(real) is list:
            # However the call reaches an item (zip, unpacking, a copy), it is known
            # by its index: what a list or set it holds holds is guarded in turn.
            reachable_items(b, real, acc)


_NATIVE_DEPTH = 4


def read_natively(b, value, depth=0):
    """Library code reads all of `value` natively (tf.nest over a dict of coefficients,
    tf.constant of a list of class weights): every value it holds is guarded, in nested
    lists, tuples and dicts too, where contents() leaves plain values to the reads
    the program's code makes."""
    real = b.provenance.real_of(value, value)
    if type(real) is memoryview:
        # What it shows is its exporter's memory, which the program may change through
        # the array; a guard would keep the view (and the export) alive.
        raise Unsupported("a memoryview handed to TF/Keras code (what it shows can "
                          "change through the object it views)", *b.where)
    if depth == 0 and type(real) in (np.ndarray, array.array):
        # `tf.constant(GAINS)` of the program's array.array (or an ndarray read as an
        # object): library code copies what it holds now, which the loop may change in
        # place: the same array, its contents compared before each call.
        acc = b.provenance.source_of(real)
        if acc is not None:
            b.guards.require_is(acc, real)
            library_state.note_array(b.record.settings, guards.describe_accessor(
                acc, b.target.arg_names), real)
        return
    if depth <= _NATIVE_DEPTH and _is_attrs_instance(real):
        return _attrs_read_natively(b, real, depth)
    if depth > _NATIVE_DEPTH or type(real) not in (dict, list, tuple):
        return
    acc = b.provenance.source_of(real)
    if acc is None or b.provenance.copy_of(real) is not None:
        return b.heap.refuse_changed_for_library(real, acc)
    if type(real) is dict:
        b.guards.require_keys(acc, real)
        items = list(real.items())
    else:
        b.guards.require_length(acc, len(real))
        items = list(enumerate(real))
    for key, held in items:
        where = guards.item(acc, key)
        if type(held) in (dict, list, tuple):
            if b.provenance.source_of(held) is None:
                b.remember(held, where)
            read_natively(b, held, depth + 1)
        elif type(held) in guards.SPECIALISABLE:
            b.guards.require_value(where, held)
        elif type(held) in (np.ndarray, array.array):
            # `layer.set_weights(BEST)`: library code copies the arrays' contents into
            # the graph, and the program may overwrite them in place (`BEST[0][...] =`):
            # the same arrays, their contents compared before each call.
            b.guards.require_is(where, held)
            library_state.note_array(b.record.settings, guards.describe_accessor(
                where, b.target.arg_names), held)


def _is_attrs_instance(value) -> bool:
    """An instance of an `attrs` class: tf.nest takes it as a structure and reads each
    field with getattr."""
    return not isinstance(value, type) and \
        isinstance(getattr(type(value), "__attrs_attrs__", None), tuple)


def _attrs_read_natively(b, real, depth):
    """tf.nest reads the fields of the program's attrs object natively: each is guarded
    as the program's read of it would be, and one this call wrote first (on its heap,
    until the commit) refuses the graph, since library code would read the field as it
    was."""
    acc = b.provenance.source_of(real)
    if acc is None:
        return            # made by this call: its fields are the build's values
    for field in type(real).__attrs_attrs__:
        name = field.name
        if b.heap.written(real, name)[0]:
            raise Unsupported(f"the step sets {type(real).__qualname__}.{name} and then "
                              "hands the object to TF code that reads its fields (tf.nest "
                              "over an attrs class): a graph would give that code the "
                              "field as it was before the call", *b.where)
        held = getattr(real, name)
        where = guards.attr(acc, name)
        if type(held) in guards.SPECIALISABLE:
            b.guards.require_value(where, held)
        else:
            b.guards.require_is(where, held)
            if b.provenance.source_of(held) is None:
                b.remember(held, where)
            read_natively(b, held, depth + 1)


def reachable_items(b, container, acc):
    """Each item of a list or tuple read at `acc` (its contents guarded) is reachable
    through its index, so reads of its attributes are guarded in turn, and a list,
    dict or set it holds has its own contents guarded once the call reads them (the
    guard on `acc` pins which objects it holds, not what they hold)."""
    for index, item in enumerate(container):
        if b.provenance.source_of(item) is None:
            where = guards.item(acc, index)
            b.remember(item, where)
            if type(item) in (list, dict, set):
                b.provenance.note_lazy(item, where)


def iterated(b, value, code, offset):
    """The items `for x in value` would see, for a builtin that takes them all (sorted,
    min, max with a key): a heap list's or tuple's contents guarded, each item reachable
    through its index; a container or C iterator this build made, as it is."""
    contents(b, value)
    acc = b.provenance.source_of(value)
    if acc is not None and type(value) in (list, tuple):
        reachable_items(b, value, acc)
        return list(value)
    if type(value) is set and b.provenance.source_of(value) is not None:
        return list(value)                  # the program's set, its items guarded
    made_here = (type(value) in natives.ITERATORS + (list, tuple, dict, set, frozenset)
                 or isinstance(value, BuildIterator)) and b.provenance.is_created(value)
    if type(value) in (tuple, range, str) or made_here or \
            b.provenance.holds_callers_items(value):
        return list(value)
    raise Unsupported(f"iterating {natives.describe(value)} would run its code at build "
                      "time", code, offset)


def whole(b, value, code, offset, depth=0):
    """The call evaluates natively something that reads all of `value` (`==`, str(),
    formatting, sum()): guard every heap container in it deeply, the values of its
    mappings too (contents() guards a mapping's keys only)."""
    if depth > natives.MAX_DEPTH:
        raise Unsupported("a container nested too deep to guard", code, offset)
    if isinstance(value, tuple):
        # A namedtuple too (`f"{CFG}"`): the lists and dicts it holds are read whole,
        # known by the tuple's own place (its items' identity is guarded there).
        acc = b.provenance.source_of(value)
        if acc is not None:
            reachable_items(b, value, acc)
        for held in value:
            whole(b, held, code, offset, depth + 1)
        return
    real = b.provenance.real_of(value, value)
    acc = b.provenance.source_of(real)
    if containers.is_tracked(real) and acc is None:
        collection(b, real)           # refuses: nothing guards what it holds
    if acc is None or not (type(real) in (list, dict, set) or containers.is_tracked(real)):
        return
    contents(b, real)
    if type(real) is set:
        return              # items that hash: no list or dict among them
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
            if b.provenance.source_of(held) is None:
                b.remember(held, item_acc)
            whole(b, held, code, offset, depth + 1)


def dict_values(b, real, code, offset):
    """d.values()/items()/copy() of a dict from outside the build: every value is read."""
    acc = b.provenance.source_of(real)
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
    natives.check_lookup_is_native(value, code, offset)
    copy = b.provenance.copy_of(value)
    if copy is not None:
        return copy
    where = guards.describe_accessor(acc, b.target.arg_names)
    if not rebound and type(value) is list and \
            guards.describe_items(acc, b.target.arg_names) in b.heap.varying:
        # A list of numbers that change between calls (a window of recent losses the
        # step appends to): read item by item, as a rebound one is.
        rebound = True
    if rebound and type(value) in (list, tuple) and len(value) <= MAX_CARRIED_ITEMS:
        # Same type and length each call; the items are read like any heap value.
        b.guards.require_type(acc, type(value))
        b.guards.require_length(acc, len(value))
        stand_in = b.provenance.copy_of(value, why=provenance.STAND_IN)
        if stand_in is not None:
            return stand_in                 # one stand-in per list: `a is b`
        items = [value_at(b, guards.item(acc, i), held, f"{what}[{i}]", code, offset,
                          library, rebound)
                 for i, held in enumerate(value)]
        if type(value) is tuple:
            # Stands for whatever tuple the place holds at the call (`batch is
            # self.last`, stored again): the caller's object, as an argument's is.
            items = tuple(items)
            b.provenance.note_caller(items, acc, tuple)
            return items
        # A stand-in for the caller's list, not a list made here: once the call
        # changes it in place, stores it or returns it (adopt), it is the caller's own.
        b.provenance.note_copy(value, items, provenance.STAND_IN, acc)
        return items
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
        b.provenance.note_lazy(value, acc)
    elif type(value) is list or isinstance(value, tuple) and type(value) is not tuple:
        # Same elements in the same order; not the same list object, since
        # properties such as Keras' trainable_variables build a new list each time.
        b.guards.require_elements(acc, value)
    elif type(value) is tuple:
        # Exact items: constants by type and value, anything else by identity (held
        # weakly: guards.require_items).
        b.guards.require_value(acc, value)
    elif type(value) is dict:
        # The program's own dict or one a library object holds (a Tokenizer's
        # word_index): the same object; its keys and the items read are guarded.
        b.guards.require_is(acc, value)
        b.provenance.note_lazy(value, acc)
    elif wrapped_by_library(value):
        _library_container(b, acc, value)
    elif containers.is_tracked(value):
        # A deque, Counter, defaultdict or OrderedDict: the same object; what a use
        # consumes of it (its length, keys, items) is guarded by that use.
        b.guards.require_is(acc, value)
    elif type(value) is set:
        # The program's own set: the same object; its items, in order, are guarded
        # where the call reads them (`in`, len(), iterating it).
        b.guards.require_is(acc, value)
        b.provenance.note_lazy(value, acc)
    else:
        b.guards.require_value(acc, value)
        if type(value) is float and not b.recursion.call_ids:
            # Stored or returned as it is (or kept by min/max), it is the caller's own
            # float object there, which the guard pins only by value.
            if b.provenance.kept_of(value) is None:
                b.provenance.note_kept(value, (acc, True))
    b.remember(value, acc)
    return value


def _library_container(b, acc, value):
    """What a library-wrapped list, dict or set holds (values.wrapped_by_library),
    guarded as the checker reads its storage: Keras' Tracked* read through the builtin
    one, TF's ListWrapper keeps its items in `_storage`, a plain list."""
    b.guards.require_is(acc, value)
    kind = type(value)
    base = list if isinstance(value, list) else dict if isinstance(value, dict) else set
    if all(janus_ext.type_lookup(kind, name) is base.__dict__[name]
           for name in ("__iter__", "__len__", "__contains__")):
        if base is dict:
            b.guards.require_keys(acc, value)
            for key, held in dict.items(value):
                b.guards.require_value(guards.item(acc, key), held)
        else:
            b.guards.require_elements(acc, value)
    elif base is list and type(storage := janus_ext.own_attr(value, "_storage")) is list:
        b.guards.require_elements(guards.own(acc, "_storage"), storage)
    else:
        raise Unsupported(f"a {kind.__qualname__} (a library's wrapper of a "
                          f"{base.__name__}), whose contents janus cannot guard")


def _at_call_time(b, acc, value, where):
    if b.recursion.call_ids:
        raise Unsupported(f"{where} would be read at call time inside a recursive "
                          "function")
    if b.target.root_graph is None:
        raise Unsupported(f"{where} is read before the graph exists")
    with b.target.root_graph.as_default():
        return b.heap.read_at_call_time(acc, value, where)


def _is_python_data(value):
    return type(value) in guards.SPECIALISABLE or isinstance(value, tf.Tensor)


# -- stdlib containers (janus/containers.py) ----------------------------------------

def collection(b, container):
    """(caller's container, accessor) of a tracked stdlib container this call uses,
    guarded on its exact type and what it was built with (maxlen, default_factory)."""
    real = b.provenance.real_of(container, container)
    acc = b.provenance.source_of(real)
    if acc is None:
        raise Unsupported(f"{natives.describe(real)} janus cannot trace to a guarded place",
                          *b.where)
    b.guards.require_collection(acc, real)
    return real, acc


def _collection_contents(b, real):
    """A deque's items (by identity, in order); a mapping's keys in order, and its
    values that are objects rather than Python data (those are guarded where read)."""
    real, acc = collection(b, real)
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
    real, acc = collection(b, container)
    b.guards.require_is(guards.lookup(acc, name), impl)


def length(b, container, code, offset):
    """len() of a tracked container: only its length is guarded, unless this call has
    changed it (the copy's length then follows from what the caller's one holds)."""
    if type(container) is list:
        return _list_length(b, container)
    real, acc = collection(b, container)
    stdlib_slot(b, real, "__len__", code, offset)
    if b.provenance.copy_of(real) is not None:
        _collection_contents(b, real)
    else:
        b.guards.require_length(acc, janus_ext.static_len(real))
    return janus_ext.static_len(b.heap.local_view(real))


def _list_length(b, value):
    """len() of a list.  The user's own list whose items the call has not read: only
    its length is guarded, and a length that changed between calls (a history the
    program appends to) is read at call time."""
    acc = b.provenance.lazy_source(value)
    real = b.provenance.real_of(value)
    appended = b.heap.appended.get(id(value))
    if real is not None and appended is not None and \
            b.provenance.lazy_source(real) is not None:
        # This call's copy: the caller's list and the tail the call appended.
        known = _list_length(b, real)
        if not is_symbolic(known):
            return known + appended
        longer = known + tf.constant(appended, known.dtype)
        b.promote(longer, int)
        return longer
    if acc is None:
        contents(b, value)
        return len(value)
    if guards.describe_length(acc, b.target.arg_names) in b.heap.varying and not b.recursion.call_ids \
            and b.target.root_graph is not None:
        with b.target.root_graph.as_default():
            return b.heap.read_length_at_call_time(acc)
    b.guards.require_length(acc, len(value))
    return len(value)
