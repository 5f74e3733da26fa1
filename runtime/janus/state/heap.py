"""Python state a converted call reads and writes → run-time graph inputs, local copies,
and writes replayed after the graph, in program order, only if the whole call succeeded.

Reads (the paper's PyGetAttr / PyGetSubscr): a tensor, or a number the profile saw
change, that lives in an attribute, global or item is read again at every graph call
(a call-time capture of the graph function) under a type/shape guard; it is never
frozen into the graph.  Other values are specialised under guards (janus/guards.py).

Writes: attribute and global stores go to an overlay that later reads in the same call
see; list and dict methods (and those of the stdlib containers in janus/containers.py)
work on a shadow copy that every alias of the container sees.  Each write is also recorded
as an effect.  After the graph has run and every in-graph assertion passed, `commit`
replays the effects on the real objects in program order.  If the graph call failed,
nothing is replayed, no TF update has landed (or it was undone, janus/graph/atomic.py) and
the interpreter re-runs the call.
"""

import collections
import functools
import types

import numpy as np
import tensorflow as tf

import janus_ext

from .. import containers, guards
from ..errors import NeedsIdentity, Unsupported
from ..semantics import arrays, numbers
from ..values import KEPT_UNKNOWN, built_here, is_symbolic
from . import deaths, provenance

# Container methods that change the container; replayed at commit.
MUTATORS = {
    list: frozenset({"append", "extend", "insert", "pop", "remove", "clear", "reverse",
                     "sort", "__setitem__", "__delitem__"}),
    dict: frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__",
                     "__delitem__"}),
    **containers.MUTATORS,
}
# Methods that read all of what they are given (`hp.update(PAIRS)`, `queue.extend(NEW)`),
# natively: their arguments are guarded whole, on any container the step calls them on.
READS_GIVEN = frozenset({"extend", "extendleft", "update"})
# Methods whose result, or whose success at commit, depends on the contents already
# there: those contents are guarded, so the replay at commit cannot fail or differ.
READS_CONTENTS = {
    list: frozenset({"pop", "remove", "sort", "index", "count", "copy", "__getitem__",
                     "__contains__", "__setitem__", "__delitem__"}),
    dict: frozenset({"pop", "popitem", "setdefault", "get", "keys", "values", "items",
                     "copy", "__getitem__", "__contains__", "__delitem__"}),
    **containers.READS_CONTENTS,
}
# Python numbers that stop being specialised when they change between calls.
# Numbers that change between calls travel at Python's width (numbers.py).
VARYING_NUMBER_DTYPES = {int: numbers.CARRY[int], float: numbers.CARRY[float]}


NO_KEY = object()           # popitem() that takes no key: it raises


def popped_key(mapping, args, kwargs):
    """The key `mapping.popitem(*args, **kwargs)` takes: the last (an OrderedDict's first
    with last=False), or NO_KEY where the call raises (an empty mapping, arguments it
    refuses)."""
    last = _popitem_last(mapping, args, kwargs)
    if not mapping or last is None:
        return NO_KEY
    return next(reversed(mapping)) if last else next(iter(mapping))


def _popitem_last(mapping, args, kwargs):
    """popitem()'s `last` (True for a dict), or None where the call raises TypeError."""
    if not args and not kwargs:
        return True
    if not isinstance(mapping, collections.OrderedDict) or len(args) + len(kwargs) > 1 \
            or set(kwargs) - {"last"}:
        return None
    last = args[0] if args else kwargs["last"]
    return last if type(last) is bool else None


def item_position(items, method, args):
    """The position `items[i] = v` writes at (from the front), for an int index in
    range; else None (a slice, a bool, an IndexError to come, another method)."""
    if method != "__setitem__" or type(args[0]) is not int:
        return None
    index = args[0]
    return (index if index >= 0 else len(items) + index) \
        if -len(items) <= index < len(items) else None


class _Deleted:
    __slots__ = ()

    def __repr__(self):
        return "DELETED"


DELETED = _Deleted()     # an overlay entry the call deleted


class Effect:
    """One write to the real heap, replayed at commit; values are output templates.
    `drops`: what a container method may remove or overwrite (deaths.drops_of)."""
    __slots__ = ("kind", "target", "name", "values", "drops")

    def __init__(self, kind, target, name, values, drops=deaths.NOTHING):
        self.kind, self.target, self.name, self.values = kind, target, name, values
        self.drops = drops


class Heap:
    def __init__(self, builder, varying):
        self.b = builder
        # Where values came from, and which copy stands for which caller's container.
        # The tables below record what the call did instead: its writes, and how it
        # changed a copy (keyed by ids the provenance keeps valid).
        self.provenance = builder.provenance
        self.varying = varying               # accessor descriptions of changing numbers
        self.overlay: dict = {}              # (id(owner), name) -> value written
        # id(local copy of a list) -> how many items the call appended to it, while
        # appends are all it did: the copy is the caller's list plus that tail.
        self.appended: dict[int, int] = {}
        # id(local copy of a list) -> the positions the call wrote an item at
        # (`counts[0] += 1`): items stay where they are, those hold the call's values.
        self.rewritten: dict[int, set] = {}
        # id(local copy of a mapping) -> the keys the call wrote or deleted (None: it
        # may have changed any), so that an item read elsewhere is the caller's.
        self.touched: dict[int, set] = {}
        self.effects: list[Effect] = []
        # (a library object's dict, name, what it held): writes the build made through
        # to library objects, put back when it ends (write_library_attribute).
        self.library_writes: list[tuple] = []
        # id(caller's deque or OrderedDict) -> how many of this call's writes to it
        # moved its state (CPython's iterators of them fail after any:
        # iteration.ContainerItems).
        self.state_moves: dict[int, int] = {}
        self.call_time_reads = 0
        self._arms: list = []                # (overlay, effect count) per open cond arm
        self._places: dict = {}              # id(place) -> the place (Heap.place)
        # id(instance) -> (instance, its dict, names read or written through it)
        self._names: dict = {}
        # Places this call wrote through the overlay, and dicts it read or wrote as items
        # (note_item_access: one dict must not be both).
        self.place_writes: set = set()
        self.dicts_read: set = set()
        self.dicts_written: set = set()

    # -- reads ---------------------------------------------------------------------

    def keep_by_choice(self, result, takes_second, first, second):
        """`result` is `second` where `takes_second`, else `first` (min, max, a merge)."""
        graph = tf.compat.v1.get_default_graph()
        if isinstance(takes_second, tf.Tensor) and takes_second.graph is graph and all(
                isinstance(v, tf.Tensor) and built_here(v, graph) or
                type(v) in (int, float, bool) for v in (first, second)):
            # The result is one of those two objects, whichever the flag says: `is`
            # answers from it (identity_reads.same_object), and so do the results made.
            self.provenance.note_chosen(result, takes_second, first, second)
        ones = [self.provenance.kept_of(first), self.provenance.kept_of(second)]
        if ones == [None, None]:
            return
        two_places = all(ones) and not _same_place(ones[0][0], ones[1][0])
        if KEPT_UNKNOWN in ones or two_places or any(
                one and isinstance(one[1], tf.Tensor)
                and one[1].graph is not tf.compat.v1.get_default_graph() for one in ones):
            # Two places, or a flag made inside a cond arm: not followed.
            self.provenance.note_kept(result, KEPT_UNKNOWN)
            return
        acc = next(one[0] for one in ones if one)
        flags = [one[1] if one else False for one in ones]
        self.provenance.note_kept(result, (acc, tf.where(takes_second, flags[1], flags[0])))

    def note_item_access(self, container, writes):
        """The call reads (or `writes`) `container`'s items.  A dict that is also a
        place this call wrote through (a module's globals, an instance's __dict__:
        `G = globals()` then `G["n"]` after `global n; n += 1`) would be read through one
        path and written through another: refused."""
        if type(container) is not dict and not isinstance(container, dict):
            return
        real = self.provenance.real_of(container, container)
        if id(real) in self.place_writes:
            self._two_paths()
        self.dicts_read.add(id(real))
        if writes:
            self.dicts_written.add(id(real))
        self._places[id(real)] = real

    def written(self, owner, name):
        """(True, value) if this call already wrote owner.name (or a global)."""
        place = self.place(owner, name)
        if id(place) in self.dicts_written:
            self._two_paths()
        key = (id(place), name)
        if key in self.overlay:
            return True, self.overlay[key]
        return False, None

    def place(self, owner, name):
        """Where owner's attributes live, which keys this call's reads and writes of
        them: the dict of an instance or a module, else owner itself (a class, a cell, a
        globals dict, an object of __slots__).  One place has one key whichever object
        the program goes through: `b.__dict__ = a.__dict__` makes `a.n = 1` a write to
        `b.n`, and a module's dict is the globals of its functions (`global n` in one,
        `mod.n` in the step)."""
        if isinstance(owner, (type, dict)):
            return owner
        place = janus_ext.instance_dict(owner)
        if place is None:
            return owner
        self._places[id(place)] = place      # keeps the key's id valid for the build
        if not isinstance(owner, types.ModuleType):
            self._names.setdefault(id(owner), (owner, place, set()))[2].add(name)
        return place

    def refuse_changed_for_library(self, real, acc):
        """Library code about to read `real`, which this call has changed (its copy holds
        the change): a graph would give it the caller's container as it was."""
        if acc is not None:
            raise Unsupported(f"library code reads the program's {type(real).__name__} "
                              "that this call changed before the call", *self.b.where)

    def _written_place(self, place):
        if id(place) in self.dicts_read:
            self._two_paths()
        self.place_writes.add(id(place))

    def _two_paths(self):
        raise Unsupported("the step reaches a dict both as items and as the globals or "
                          "attributes it holds (a module's globals(), an object's "
                          "__dict__), and writes through one of them", *self.b.where)

    def guard_instance_dicts(self):
        """Each instance whose attribute this call read or wrote under a name it writes
        on instances keeps the dict it has now.  The writes are keyed by dict: a loop
        that makes two objects share one dict between calls (or parts them) changes
        which reads see which writes.  (A module's dict cannot be replaced; without
        such writes every read happens before the graph, wherever the value is then.)"""
        written = {e.name for e in self.effects
                   if e.kind == "setattr" and id(e.target) in self._names}
        written.update(e.values[0][1] for e in self.effects
                       if e.kind == "call" and e.target is delattr)
        if not written:
            return
        for owner, place, names in self._names.values():
            if self.provenance.is_made(owner) or written.isdisjoint(names):
                continue                      # made by this call: its dict is its own
            acc = self.provenance.source_of(owner)
            if acc is None:
                raise Unsupported(
                    f"attributes of a {type(owner).__qualname__} that the call writes and "
                    "reads through an object janus cannot trace to a guarded place, "
                    "which may share its __dict__ with another", *self.b.where)
            self.b.guards.require_is(guards.instance_dict(acc), place)

    def local_view(self, value):
        """The shadow copy of a container this call changed, else the value itself."""
        return self.provenance.copy_of(value, value)

    def read_at_call_time(self, acc, value, where):
        """A graph input that holds the value `acc` reads at each call."""
        if isinstance(value, (tf.Tensor, tf.Variable)) or hasattr(value, "__array__") \
                and not isinstance(value, (int, float)):
            relaxed = self.b.plan.relaxed_dims.get(where, set())
            pattern = tuple(None if d in relaxed else int(n)
                            for d, n in enumerate(value.shape))
            dtype = tf.as_dtype(value.dtype)
            self.b.guards.require_tensor(acc, value, pattern)
            tensor = self._input(acc, None, tf.TensorSpec(pattern, dtype), None)
            if type(value) is np.ndarray:
                # It answers numpy's questions, as an ndarray argument does.
                tensor = arrays.ArrayArg(tensor, value.dtype, argument=True)
            if isinstance(value, (tf.Tensor, np.ndarray)):
                self.provenance.note_caller(tensor, acc, type(value))
            return tensor
        python_type = type(value)
        self.b.guards.require_type(acc, python_type)
        number = self._input(acc, None, tf.TensorSpec((), VARYING_NUMBER_DTYPES[python_type]),
                             python_type)
        if python_type is float:
            self.provenance.note_kept(number, (acc, True))
        return number

    def read_length_at_call_time(self, acc):
        """A graph input that holds len() of the list `acc` reads at each call (a
        history the program appends to between calls); the list's identity is guarded
        where it was read."""
        return self._input(acc, len, tf.TensorSpec((), VARYING_NUMBER_DTYPES[int]), int)

    def _input(self, acc, measure, spec, python_type):
        """The graph input fed at each call with what `acc` reads then (or its
        `measure`), a Python number of `python_type` to the build when one is given.
        It is an input of janus's own graph, read once per call, even where the read is
        made inside a body TF traces (a tf.cond branch the program wrote, a map_fn's):
        the body captures it from there, where a call-time capture of the body's own
        graph would be read once, when TF traces the body."""
        graph = self.b.open_regions.graphs[0]
        holder = self.b.target.call_args
        from janus_ext import read_accessor

        def closure():
            value = read_accessor(acc, holder.args)
            return numbers.call_time_tensor(value if measure is None else measure(value),
                                            spec.dtype)

        tensor = graph.capture_call_time_value(closure, spec)
        self.call_time_reads += 1
        if python_type is not None:
            self.b.promote(tensor, python_type)
        return tensor

    def wants_call_time_read(self, value, where):
        if isinstance(value, tf.Tensor) and not isinstance(value, tf.Variable):
            return True
        return type(value) in VARYING_NUMBER_DTYPES and where in self.varying

    # -- writes --------------------------------------------------------------------

    def write(self, kind, target, name, value, taken=True):
        """Record `target.name = value` ("setattr") or `target[name] = value`
        ("setglobal"): later reads in this call see it, commit does it.  `taken` is
        True, or a bool tensor when the write was made in one arm of a cond."""
        self._outside_library_bodies("a write to the program's state")
        place = self.place(target, name)
        self._written_place(place)
        self.overlay[(id(place), name)] = value
        self.provenance.note_name(target, name)
        self.effects.append(Effect(kind, target, name, (taken, value)))

    def write_attribute(self, owner, name, value):
        self.write("setattr", owner, name, value)

    def write_library_attribute(self, owner, name, value):
        """`opt.clipnorm = 1.0` in the step, on a library object whose entry `name` is a
        plain one: library code the call runs next reads it natively (the optimizer's
        apply), so the build writes it through to the object's dict, and puts back what
        it held when the build ends (restore_library_writes); the commit replays the
        write through the object's own __setattr__, as eager makes it.  The object's
        dict is watched (library_state.py), so the graph built goes stale when the
        value the commit writes is another object than the one the call found; the
        next build finds it, and a step that writes the same value each call runs its
        graph from then on."""
        place = janus_ext.instance_dict(owner)
        self.library_writes.append((place, name, place[name]))
        place[name] = value
        self.write("setattr", owner, name, value)

    def restore_library_writes(self):
        """Put back what the build wrote through to library objects (last first)."""
        while self.library_writes:
            place, name, held = self.library_writes.pop()
            place[name] = held

    def delete_attribute(self, owner, name):
        """`del owner.name`: later reads in this call refuse, commit deletes it."""
        self._outside_library_bodies("a del of the program's state")
        place = self.place(owner, name)
        self._written_place(place)
        self.overlay[(id(place), name)] = DELETED
        self.provenance.note_name(owner, name)
        self.effects.append(Effect("call", delattr, None, ((owner, name), {})))

    def write_global(self, globals_dict, name, value):
        self.write("setglobal", globals_dict, name, value)

    def write_cell(self, cell, value):
        self.write("setattr", cell, "cell_contents", value)

    # -- writes inside cond arms (janus/build/control.py merges them) ------------------------

    def _outside_library_bodies(self, what):
        if self.b.in_library_body():
            raise Unsupported(f"{what} inside a function library code traces as a body "
                              "of its own (tf.map_fn, tf.scan, or a tf.cond or "
                              "tf.while_loop given functions): eager runs it once per "
                              "element or for the branch taken, a graph once", *self.b.where)

    def begin_arm(self):
        self._arms.append((dict(self.overlay), len(self.effects)))

    def end_arm(self):
        """What the arm wrote: {(kind, id(target), name): (kind, target, name, taken,
        value)} in first-write order, last write kept, and the prints it made (their
        Effects, for janus/build/arm_output.py); the heap is as before the arm."""
        overlay, count = self._arms.pop()
        written = self.effects[count:]
        del self.effects[count:]
        self.overlay = overlay
        writes, prints = {}, []
        for effect in written:
            if effect.kind == "call":
                prints.append(effect)
                continue
            # The builder refuses every other kind of write inside a cond arm.
            assert effect.kind in ("setattr", "setglobal"), effect.kind
            key = (effect.kind, id(self.place(effect.target, effect.name)), effect.name)
            taken, value = effect.values
            if key in writes:
                # The last write's value is the one that lands, but the arm wrote the
                # place if any of its writes was taken: a write made in a nested cond
                # that did not take it (`wait += 1` and then, on one inner arm only,
                # `wait = 0`) carries the value from before it, which an earlier write
                # of this arm made.
                taken = self._either(writes[key][3], taken)
            writes[key] = (effect.kind, effect.target, effect.name, taken, value)
        return writes, prints

    def _either(self, first, second):
        """Whether a place was written, from two writes' `taken` flags (True, or bool
        tensors of the arm being built, which stand for Python bools as merged flags
        do)."""
        if first is True or second is True:
            return True
        # In the arm's graph, where both flags are: a dry run of the arm
        # (branches.dry_run) ends its scratch graph before the arm's writes are read.
        with second.graph.as_default():
            either = tf.logical_or(first, second)
        self.b.promote(either, bool)
        return either

    def adopt(self, real, copy):
        """`copy`, which holds what `real` holds at call time, is this call's copy."""
        self.provenance.note_copy(real, copy, provenance.WRITTEN)
        self.appended[id(copy)] = 0
        self.b.note_created(copy)

    def shadow(self, container):
        """The local copy this call mutates in place of `container` from the heap."""
        copy = self.provenance.copy_of(container)
        if copy is None:
            copy = (containers.copy_of(container) if containers.is_tracked(container)
                    else type(container)(container))
            self.provenance.note_copy(container, copy, provenance.WRITTEN)
            self.b.note_created(copy)
        return copy

    def mutate(self, container, method, args, kwargs):
        """Run a mutating method on the shadow and record it for commit."""
        self._outside_library_bodies(f"{method}() on the program's {type(container).__name__}")
        container = self.provenance.real_of(container, container)
        self.note_item_access(container, True)
        alias = self.provenance.argument_alias(container)
        if alias is not None:
            # The same list or dict is also an argument, planned as a copy of its items:
            # build again with the argument as the caller's object, which sees this.
            raise NeedsIdentity({alias}, *self.b.where)
        copy = self.shadow(container)
        if type(container) is list:
            count = self.appended.get(id(copy), 0)
            position = item_position(copy, method, args)
            if count is not None and position is not None:
                self.appended[id(copy)] = count
                self.rewritten.setdefault(id(copy), set()).add(position)
            else:
                self.appended[id(copy)] = count + 1 if method == "append" and \
                    count is not None else None
        else:
            self._touch(copy, method, args, kwargs)
        size = len(copy)
        order = list(copy) if type(container) is containers.OrderedDict else None
        result = getattr(copy, method)(*args, **kwargs)
        if type(container) is containers.deque and _moves_deque_state(
                method, args, size, len(copy), copy.maxlen) or \
                order is not None and list(copy) != order:
            # (An OrderedDict's state moves with its linked list: a key added, removed or
            # moved; not a value written over or move_to_end of the key already there.)
            self.state_moves[id(container)] = self.state_moves.get(id(container), 0) + 1
        self.effects.append(Effect("method", container, method, (args, kwargs),
                                   deaths.drops_of(container, method, args)))
        return result

    def _touch(self, copy, method, args, kwargs):
        touched = self.touched.setdefault(id(copy), set())
        if touched is None or method == "move_to_end":
            return
        if method in ("__setitem__", "__delitem__", "setdefault", "pop") and args:
            touched.add(args[0])
        elif method == "update" and len(args) <= 1 and (not args or type(args[0]) is dict):
            touched.update(args[0] if args else ())
            touched.update(kwargs)
        elif method == "popitem" and (key := popped_key(copy, args, kwargs)) is not NO_KEY:
            touched.add(key)
        else:
            self.touched[id(copy)] = None

    def call_with_effect(self, fn, args, kwargs):
        """A call (print) that only has an effect: replayed at commit, in order."""
        self._outside_library_bodies("output")
        self.effects.append(Effect("call", fn, None, (args, kwargs)))


def commit(effects, values):
    """Replay `effects` (their value templates rebuilt into `values`) on the real heap."""
    for effect, value in zip(effects, values):
        if effect.kind in ("setattr", "setglobal"):
            taken, value = value
            if not taken:
                continue       # written in a cond arm that did not run
            if effect.kind == "setattr":
                setattr(effect.target, effect.name, value)
            else:
                effect.target[effect.name] = value
        elif effect.kind == "method":
            args, kwargs = value
            getattr(effect.target, effect.name)(*args, **kwargs)
        else:
            # A print made in a cond arm carries whether that arm ran (arm_output.py).
            args, kwargs, *taken = value
            if not taken or taken[0]:
                effect.target(*args, **kwargs)


def _moves_deque_state(method, args, size, size_after, maxlen):
    """Whether `deque.method(*args)`, which took a deque from `size` items to
    `size_after`, moved its `state`, as CPython's _collectionsmodule.c does: every item
    appended or popped, clear() of a non-empty deque, rotate() of one longer than 1 (by
    0 too); not reverse(), an item write, or extend() of nothing."""
    if method in ("reverse", "__setitem__"):
        return False
    if method in ("extend", "extendleft"):
        if maxlen == 0:
            return False                    # the items are consumed, none stored
        try:
            return len(args[0]) > 0
        except TypeError:
            # An iterator without a length: items were added unless the size stayed,
            # and a full bounded deque drops one per item added (moved either way).
            return size_after != size or maxlen is not None
    if method == "clear":
        return size > 0
    if method == "rotate":
        return size > 1
    return True


def is_plain_object(owner, slots=False):
    """An instance whose attribute writes are plain __dict__ stores (`slots`: or stores
    through its class's __slots__ members, which need no __dict__)."""
    owner_type = type(owner)
    return (not isinstance(owner, (type, types.ModuleType))
            and owner_type.__setattr__ is object.__setattr__
            and owner_type.__getattribute__ is object.__getattribute__
            and not hasattr(owner_type, "__getattr__")
            and (slots or hasattr(owner, "__dict__")))


def kept_identity(b, left, right):
    """`left is right` for Python numbers whose objects the heap follows (the caller's
    own number at a place, or a flag's choice of it: keep_by_choice): True or a graph
    bool; None where neither is followed, or they follow different places (the caller
    decides by objects).  A value that may or may not be the caller's object
    (KEPT_UNKNOWN) is refused."""
    kept = [b.provenance.kept_of(v) if type(v) in (int, float, tuple) or is_symbolic(v)
            else None for v in (left, right)]
    if left is right or kept == [None, None]:
        return None
    if KEPT_UNKNOWN in kept:
        raise Unsupported(f"`is` of a value that may be the caller's own object or a new "
                          f"one, {KEPT_UNKNOWN}", *b.where)
    if None in kept or not _same_place(kept[0][0], kept[1][0]):
        return None
    flags = [k[1] for k in kept if k[1] is not True]
    return functools.reduce(tf.logical_and, flags) if flags else True


def _same_place(a, b) -> bool:
    """Two accessors that read the same place (compared without any __eq__ of the
    program's: the dicts and objects in them by identity)."""
    if type(a) is tuple and type(b) is tuple:
        return len(a) == len(b) and all(map(_same_place, a, b))
    return a is b or type(a) is type(b) and type(a) in (str, int) and a == b
