"""What a converted call returns, stores and prints → templates built beside its graph,
and the values rebuilt from them after each graph call.

At build time `flatten` turns each value the call hands back to Python (its result, the
values of its deferred writes, its prints) into a template: tensors become output slots,
objects from outside the call stay themselves, containers and objects the call made
become templates of their items.  After a graph call `rebuild` makes the values from
the graph's outputs: one object per template, so values that were one object in the
build are one object for the program.
"""

import struct
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import resource_variable_ops

import janus_ext

from .. import guards, values
from ..errors import Unsupported
from ..semantics import arrays, natives
from ..state import identity_reads, objects, provenance, reads
from ..values import KEPT_UNKNOWN, GraphRounded, GraphText, is_namedtuple, is_symbolic
from . import control, made


class CallArgs:
    """Where a graph's call-time reads find the arguments of the call that runs it."""
    __slots__ = ("args", "call_id")

    def __init__(self):
        self.args, self.call_id = (), 0


class _Output:
    __slots__ = ("index", "python_type")

    def __init__(self, index, python_type=None):
        # python_type: a Python number the graph carried as a tensor
        self.index, self.python_type = index, python_type


def flatten(value, run, tensors, memo):
    """The template of a value the call returns, stores or prints.  Memoised per value:
    a value the call hands to several places is one template, so the commit hands them
    one object (`self.last_loss = loss; return loss` makes `ret is tr.last_loss`)."""
    template = memo.get(id(value), _NOT_SEEN)
    if template is _NOT_SEEN:
        template = _template_of(value, run, tensors, memo)
        if id(value) not in memo:
            memo[id(value)] = template
    return template


_NOT_SEEN = object()


def _template_of(value, run, tensors, memo):
    if type(value) is list:
        reads.adopt(run, value)      # a stand-in the call stores or returns: the caller's
    origin = run.provenance.of(value)
    if origin.why == provenance.WRITTEN:
        return origin.real             # the caller's container, written back
    if origin.caller is not None:
        # A graph input standing for the caller's tensor or ndarray: the caller's object.
        return _Caller(origin.caller[0])
    if origin.made == provenance.REFERENCE:
        return _ReferenceTemplate(_Caller(origin.detail))   # a new `x.ref()` per call
    if origin.chosen is not None and (is_symbolic(value) or type(value) is tuple):
        # min/max of two numbers, a tuple a branch on a tensor chose: whichever object
        # Python returns, the caller's own or one the call computed.
        flag, first, second = origin.chosen
        tensors.append(flag)
        return _Chosen(len(tensors) - 1, flatten(first, run, tensors, memo),
                       flatten(second, run, tensors, memo))
    if origin.picked is not None and is_symbolic(value):
        # table[i] at an index the graph computes: the table's own item, as eager's.
        index, table, acc = origin.picked
        if run.provenance.copy_of(table) is not None:
            raise Unsupported("stores or returns an item read at an index the graph "
                              "computes from a list the call also changes", run.code)
        tensors.append(index)
        return _Picked(len(tensors) - 1, acc, None if acc is not None else
                       dict(table) if type(table) is dict else tuple(table))
    kept = origin.kept if type(value) in (int, float, tuple) or is_symbolic(value) else None
    if kept == KEPT_UNKNOWN:
        raise Unsupported("stores or returns a value that may be the caller's own "
                          "object (a Python float, a tensor) or a new one, " + KEPT_UNKNOWN,
                          run.code)
    if kept is not None and kept[1] is True:
        return _Caller(kept[0])        # the caller's own number object, as eager keeps it
    if kept is not None and origin.number == control.MIXED:
        raise Unsupported(f"returns {control.MIXED}", run.code)
    if kept is not None:         # a number the graph chose: the flag says whose
        tensors.extend((kept[1], value))
        return _Kept(len(tensors) - 2, kept[0],
                     _Output(len(tensors) - 1, origin.number))
    if origin.acc is not None:
        if type(value) is tuple or is_namedtuple(value):
            # Stored or returned, its identity shows (`st.pair is PAIR`): the equal
            # tuple its read was guarded on is not enough.
            identity_reads.identity(run, value)
            return _Same(value)
        # An object from outside the call, guarded by identity there: read there again
        # when the results are made, so that the graph holds no reference to it (it
        # dies when the program drops it, as in eager: docs/soundness.md#object-lifetime).
        return value if origin.acc[0] == janus_ext.A_CONST else _Caller(origin.acc)
    if type(value) is arrays.ArrayArg:
        if value.argument:
            raise Unsupported("returns, stores or prints a view of an ndarray "
                                      "argument (the caller's own array)", run.code)
        tensors.append(value.tensor)
        return _Output(len(tensors) - 1, np.ndarray)     # numpy arithmetic: a new array
    if is_symbolic(value):
        python_type = origin.number
        if python_type == control.MIXED:
            raise Unsupported(f"returns {control.MIXED}", run.code)
        tensors.append(value)
        output = _Output(len(tensors) - 1, python_type)
        # Keras hangs a layer's mask (Embedding(mask_zero=True)) and a softmax's logits
        # on its output tensor; later layers and losses read them from the tensor the
        # program holds.
        hung = tuple((name, flatten(getattr(value, name), run, tensors, memo))
                     for name in values.KERAS_TENSOR_ATTRIBUTES
                     if python_type is None and getattr(value, name, None) is not None)
        return _Hung(output, hung) if hung else output
    if type(value) is tuple:
        return tuple(flatten(v, run, tensors, memo) for v in value)
    if is_namedtuple(value):        # made here or by a library call: new at every call
        return _NamedTupleTemplate(type(value),
                                   tuple(flatten(v, run, tensors, memo) for v in value))
    if type(value) is GraphText:
        return _TextTemplate(tuple(
            part if type(part) is str else
            (flatten(part[0], run, tensors, memo), *part[1:]) for part in value.parts))
    if type(value) is GraphRounded:
        return _RoundTemplate(flatten(value.value, run, tensors, memo), value.ndigits)
    if type(value) is tf.IndexedSlices:      # e.g. an embedding's gradient
        parts = [value.values, value.indices] + \
            ([value.dense_shape] if value.dense_shape is not None else [])
        return _SlicesTemplate(tuple(flatten(p, run, tensors, memo) for p in parts))
    if type(value) is list:
        # Memoised before its items: a list that holds itself.
        template = memo[id(value)] = _ListTemplate()
        template.allocated = _allocated(value)
        template.items = [flatten(v, run, tensors, memo) for v in value]
        return template
    if type(value) is dict:
        template = memo[id(value)] = _DictTemplate()
        template.deleted = janus_ext.dict_entries(value) - len(value)
        if any(run.provenance.is_made(k) for k in value):
            raise Unsupported("returns or stores a dict keyed by an object made "
                                      "in the call", run.code)
        template.items = {k: flatten(v, run, tensors, memo) for k, v in value.items()}
        # Keys eager makes anew at each call (a str or tuple the call computed): made
        # anew for each rebuilt dict too.
        template.keys = {id(k): key for k in value
                         if (key := flatten(k, run, tensors, memo)) is not k}
        return template
    if type(value) in (set, frozenset) and run.provenance.is_created(value):
        # Items hash as eager's (build/sets.py); those eager makes anew at each call (a
        # str the call computed, a tuple it built) are made anew in the replica too.
        template = memo[id(value)] = _SetTemplate(value)
        template.items = {id(item): flatten(item, run, tensors, memo) for item in value}
        return template
    if made.is_made_instance(run, value):
        # An instance the call made (builder.construct: object.__new__, no __del__):
        # each call makes its own at commit, holding what the build's instance holds.
        template = memo[id(value)] = _ObjectTemplate(type(value))
        template.fields = [(name, member, flatten(v, run, tensors, memo))
                           for name, member, v in objects.own_fields(value)]
        return template
    if type(value) in guards.SPECIALISABLE and run.provenance.is_fresh(value):
        return _Fresh(value)
    if isinstance(value, resource_variable_ops._UnreadVariable):
        # What `v.assign(x)` returns: eager makes a new one at every call, reading the
        # variable when used; the build's is one object, of the graph.
        raise Unsupported("returns or stores what a variable's assign() returned (an "
                          "unread variable eager makes anew at every call)", run.code)
    if isinstance(value, np.dtype) and value.isbuiltin:
        return value       # numpy's one object per builtin dtype (`x.dtype`), as eager's
    if type(value) in guards.SPECIALISABLE:
        # A str, float or large int read at a place: the caller's object there (an
        # argument's float: `self.lr = lr` keeps the caller's object).
        place = identity_reads.stored_place(run, value)
        return value if place is None else _Caller(place)
    if isinstance(value, tf.Variable) or (
            type(value) is slice and all(type(bound) in (int, type(None)) for bound in (
                value.start, value.stop, value.step))):
        # (A slice of ints: `items[1:3] = new` replayed at commit; nothing keeps it.)
        return value
    what = natives.describe(value) if hasattr(type(value), "described_as") else \
        f"a {type(value).__qualname__} made while building"
    raise Unsupported(f"returns or stores {what}; it would be the same object on every "
                      "call", run.code)


class _Caller:
    """The caller's object at an accessor, read when the call's results are made (the
    graph ran; no write of the call has landed yet)."""
    __slots__ = ("accessor",)

    def __init__(self, accessor):
        self.accessor = accessor


class _Kept:
    """A number that is the caller's own object at `accessor` when the graph output at
    `index` is true (`max(best, v)` kept best), else what `value` makes."""
    __slots__ = ("index", "accessor", "value")

    def __init__(self, index, accessor, value):
        self.index, self.accessor, self.value = index, accessor, value


class _Chosen:
    """The template `second` stands for when the graph output at `index` is true, else
    `first`'s: the same object as that operand's (`max(v, w) is v`)."""
    __slots__ = ("index", "first", "second")

    def __init__(self, index, first, second):
        self.index, self.first, self.second = index, first, second


class _Picked:
    """An item of a list or tuple at an index the graph computed, or of a dict under
    an int key it computed (output `index`): the container at `accessor`, read after
    the call, or the constants in `items`."""
    __slots__ = ("index", "accessor", "items")

    def __init__(self, index, accessor, items):
        self.index, self.accessor, self.items = index, accessor, items


class _ReferenceTemplate:
    """`x.ref()` of the caller's tensor: eager makes a new Reference at every call."""
    __slots__ = ("tensor",)

    def __init__(self, tensor):
        self.tensor = tensor


class _Fresh:
    """A str, float or large int an operation of the call allocated: a new object
    equal to `value` at every call, as eager's operation makes one."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def _fresh_copy(value):
    """A new object equal to `value`, bit for bit (-0.0, a NaN's payload)."""
    kind = type(value)
    if kind is float:
        return struct.unpack("<d", struct.pack("<d", value))[0]
    if kind is int:
        return value * 1            # CPython allocates the product (no shortcut for 1)
    if kind is str:
        return "".join((value, ""))
    if kind is bytes:
        return bytes(bytearray(value))
    return complex(_fresh_copy(value.real), _fresh_copy(value.imag))


class _Same:
    """A tuple from outside the call: the object itself, not a tuple template."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class _Hung:
    """A tensor with Keras' attributes hung on it: (name, template) pairs."""
    __slots__ = ("output", "attributes")

    def __init__(self, output, attributes):
        self.output, self.attributes = output, attributes


class _NamedTupleTemplate:
    __slots__ = ("cls", "items")

    def __init__(self, cls, items):
        self.cls, self.items = cls, items


class _SlicesTemplate:
    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = parts


class _TextTemplate:
    """A values.GraphText: its values' templates, formatted once the outputs exist."""
    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = parts


class _RoundTemplate:
    """A values.GraphRounded: Python's round() of the rebuilt number."""
    __slots__ = ("number", "ndigits")

    def __init__(self, number, ndigits):
        self.number, self.ndigits = number, ndigits


class _ListTemplate:
    """A list the call made.  `allocated`: the room the build's list has (appends
    over-allocate, a display does not), which sys.getsizeof shows; the rebuilt list
    has it too."""
    __slots__ = ("items", "allocated")


class _DictTemplate:
    """A dict the call made.  `deleted`: the slots of deleted keys its table holds (a
    dict keeps them, and its larger table, until it resizes), which sys.getsizeof and
    its next resize show: the rebuilt dict has as many, from keys made and deleted
    before its own (the entries it holds then come in its own order).  `keys`: the
    templates of keys that are not themselves (by the build key's id)."""
    __slots__ = ("items", "deleted", "keys")


class _SetTemplate:
    """A set or frozenset the call made: the build's own, whose table the rebuilt one
    copies slot for slot (janus_ext.set_replica), with each item rebuilt from its
    template in `items` (by the build item's id)."""
    __slots__ = ("value", "items")

    def __init__(self, value):
        self.value = value


class _Slot:
    """A key made only to leave a deleted slot in a rebuilt dict."""
    __slots__ = ()


def _deleted_slots(template):
    """Keys to insert and delete again: strs none of the dict's keys is when all its
    keys are strs (CPython keeps such a dict in a smaller table), else _Slots."""
    if not all(type(key) is str for key in template.items):
        return [_Slot() for _ in range(template.deleted)]
    return [f"\0janus deleted {n}" for n in range(template.deleted)
            if f"\0janus deleted {n}" not in template.items]


_EMPTY_LIST_SIZE = sys.getsizeof([])


def _allocated(items):
    return (sys.getsizeof(items) - _EMPTY_LIST_SIZE) // struct.calcsize("P")


class _ObjectTemplate:
    __slots__ = ("cls", "fields")

    def __init__(self, cls):
        self.cls = cls


def _made_object(template, outputs, args, memo):
    instance = memo[id(template)] = object.__new__(template.cls)
    made.fill(instance, ((name, member, rebuild(field, outputs, args, memo))
                         for name, member, field in template.fields))
    return instance


def rebuild(template, outputs, args, memo):
    """The value a template stands for, after a graph call with `outputs` for a call
    with `args`.  One object per template (flatten memoises the templates per value)."""
    kind = type(template)
    if kind in _PLAIN:
        return template
    value = memo.get(id(template), _NOT_SEEN)
    if value is _NOT_SEEN:
        value = _rebuild_new(kind, template, outputs, args, memo)
        memo[id(template)] = value
    return value


def _rebuild_new(kind, template, outputs, args, memo):
    if kind is _Output:
        if template.python_type is np.ndarray:
            return outputs[template.index].numpy()
        if template.python_type is not None:
            return template.python_type(outputs[template.index].numpy().item())
        return outputs[template.index]
    if kind is _Hung:
        tensor = rebuild(template.output, outputs, args, memo)
        for name, attribute in template.attributes:
            setattr(tensor, name, rebuild(attribute, outputs, args, memo))
        return tensor
    if kind is _Caller:
        return janus_ext.read_accessor(template.accessor, args)
    if kind is tuple:
        return tuple(rebuild(t, outputs, args, memo) for t in template)
    if kind is _Same:
        return template.value
    if kind is _Fresh:
        return _fresh_copy(template.value)
    if kind is _ReferenceTemplate:
        return rebuild(template.tensor, outputs, args, memo).ref()
    if kind is _Kept:
        if outputs[template.index].numpy():
            return janus_ext.read_accessor(template.accessor, args)
        return rebuild(template.value, outputs, args, memo)
    if kind is _Picked:
        table = template.items if template.accessor is None else \
            janus_ext.read_accessor(template.accessor, args)
        return table[int(outputs[template.index].numpy())]
    if kind is _Chosen:
        return rebuild(template.second if outputs[template.index].numpy() else
                       template.first, outputs, args, memo)
    if kind is _TextTemplate:
        return "".join(part if type(part) is str else GraphText.render(
            rebuild(part[0], outputs, args, memo), part[1], part[2])
            for part in template.parts)
    if kind is _RoundTemplate:
        return round(rebuild(template.number, outputs, args, memo), template.ndigits)
    if kind is _SlicesTemplate:
        return tf.IndexedSlices(*(rebuild(t, outputs, args, memo) for t in template.parts))
    if kind is _NamedTupleTemplate:
        return tuple.__new__(template.cls, (rebuild(t, outputs, args, memo)
                                            for t in template.items))
    if kind is _ObjectTemplate:
        return _made_object(template, outputs, args, memo)
    if kind is _ListTemplate:
        # Made with the build's room, then cut to length: a list keeps its room while
        # at least half of it is used, as every list's history leaves it.
        items = memo[id(template)] = [None] * max(template.allocated, len(template.items))
        del items[len(template.items):]     # before its items: a list that holds itself
        for index, item in enumerate(template.items):
            items[index] = rebuild(item, outputs, args, memo)
        return items
    if kind is _SetTemplate:
        return janus_ext.set_replica(template.value, lambda item: rebuild(
            template.items[id(item)], outputs, args, memo))
    if kind is _DictTemplate:
        entries = memo[id(template)] = {}
        deleted = _deleted_slots(template)
        for slot in deleted:            # one by one: the table grows as the build's grew
            entries[slot] = None
        for key, value in template.items.items():
            if id(key) in template.keys:
                key = rebuild(template.keys[id(key)], outputs, args, memo)
            entries[key] = rebuild(value, outputs, args, memo)
        for slot in deleted:
            del entries[slot]
        return entries
    return template


# Templates that are the value itself: constants, and objects from outside the call.
_PLAIN = frozenset(guards.SPECIALISABLE)
