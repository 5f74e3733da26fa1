"""A call's arguments → the graph's inputs, and entry guards on everything else.

Tensor and ndarray leaves become graph inputs under a dtype/shape guard (with the
dimensions the cache relaxed left open).  Two kinds of arguments become inputs once a
guard on their value missed: numbers that change from call to call (carried as
promoted Python numbers) and objects that change identity while the code recurses
over them (carried as object pointers, janus/state/objects.py).  Everything else is
specialised: guarded by value or identity and baked into the graph.
"""

import functools

import numpy as np
import tensorflow as tf
from tensorflow.python.ops.resource_variable_ops import BaseResourceVariable, VariableSpec

from .. import guards, values
from ..errors import Unsupported
from ..semantics import arrays, natives, numbers
from ..values import is_symbolic
from . import heap, objects, provenance


class AliasedVariable(Exception):
    """A variable argument is also another argument or a variable the graph captured:
    the graph would order its reads and writes as two resources.  Raised before the
    graph runs; the interpreter runs this call."""


_SLICES_PARTS = ("_values", "_indices", "_dense_shape")    # IndexedSlices' own fields


def _handle_of(variable):
    return variable.handle


def check_variables(flat, slots, captured):
    """The variables passed as handles (at `slots` of `flat`) are distinct, and none is
    a variable the graph captured."""
    handles = [flat[i] for i in slots]
    ids = {id(h) for h in handles}
    if len(ids) != len(handles) or any(id(c) in ids for c in captured):
        raise AliasedVariable("a variable argument is also another argument or a "
                              "variable the graph reads from elsewhere")


def _pointer_to(value):
    # The caller's argument tuple keeps `value` alive for the whole graph call.
    return tf.constant(id(value), tf.int64)


class InputPlan:
    """Per graph input: its accessor, spec and conversion (None: passed as it is)."""

    def __init__(self, b):
        self.b = b
        self.accessors: list[tuple] = []
        self.specs: list[tf.TensorSpec] = []
        self.converters: list = []
        self.variable_slots: list[int] = []   # inputs that are variables' handles
        # id(accessor) -> ("object", class) or ("number", int/float): what it stands for
        self._stands_for: dict[int, tuple] = {}
        self._identity: set[tuple] = set()     # accessors passed as the caller's objects

    def plan(self, arg_names, args, param_count):
        """Guard every argument and decide which leaves become graph inputs."""
        for index, (name, value) in enumerate(zip(arg_names, args)):
            if index >= param_count:
                # A closure's cell: the same cell each call (another closure over the
                # same code misses); its contents are read like any heap value.
                self.b.guards.require_is(guards.arg(index), value)
                self.b.remember(value, guards.arg(index))
                continue
            self._plan(guards.arg(index), value, name)

    def _add(self, acc, spec, convert=None, stands_for=None):
        self.accessors.append(acc)
        self.specs.append(spec)
        self.converters.append(convert)
        if stands_for is not None:
            self._stands_for[id(acc)] = stands_for

    def _plan(self, acc, value, where):
        b = self.b
        natives.check_lookup_is_native(value)
        if where.split("[")[0] in b.plan.by_reference and objects.is_plain_instance(value):
            # A new object each call (a tree, or trees in a list): passed as a pointer,
            # guarded by class.
            b.guards.require_type(acc, type(value))
            self._add(acc, tf.TensorSpec([], tf.int64), _pointer_to, ("object", type(value)))
            b.recursion.population.add(value)
        elif type(value) in heap.VARYING_NUMBER_DTYPES and where in b.heap.varying:
            # A number argument that changed between calls (a label, a step index): a
            # graph input, carried as a promoted Python number.
            dtype = heap.VARYING_NUMBER_DTYPES[type(value)]
            b.guards.require_type(acc, type(value))
            self._add(acc, tf.TensorSpec([], dtype),
                      functools.partial(numbers.call_time_tensor, dtype=dtype),
                      ("number", type(value)))
        elif isinstance(value, BaseResourceVariable) and where in b.heap.varying:
            # A new variable each call (`grad(f, x)`): its handle is a graph input, the
            # graph works on whichever variable the call passes.
            b.guards.require_tensor(acc, value, tuple(value.shape))
            b.guards.require_equal(guards.attr(acc, "_trainable"), value.trainable)
            self.variable_slots.append(len(self.accessors))
            self._add(acc, VariableSpec(value.shape, value.dtype, trainable=value.trainable),
                      _handle_of, ("variable", None))
        elif isinstance(value, (tf.Tensor, np.ndarray)) and not isinstance(value, tf.Variable):
            if is_symbolic(value):
                raise Unsupported(f"argument {where} is a symbolic tensor")
            if isinstance(value, np.ndarray) and value.dtype == object:
                raise Unsupported(f"argument {where} is an object array")
            relaxed = b.plan.relaxed_dims.get(where, set())
            pattern = tuple(None if d in relaxed else int(n)
                            for d, n in enumerate(value.shape))
            b.guards.require_tensor(acc, value, pattern)
            if isinstance(value, np.ndarray):
                self._add(acc, tf.TensorSpec(pattern, tf.as_dtype(value.dtype)),
                          tf.convert_to_tensor, ("array", value.dtype))
            else:
                self._add(acc, tf.TensorSpec(pattern, tf.as_dtype(value.dtype)))
        elif type(value) is tf.IndexedSlices:
            # A sparse gradient (an Embedding's, from tape.gradient) handed on: its
            # tensors are inputs, as a dense gradient's is, so each call's new object
            # reaches the same graph.
            b.guards.require_type(acc, tf.IndexedSlices)
            for part in _SLICES_PARTS:
                self._plan(guards.attr(acc, part), getattr(value, part), f"{where}.{part}")
        elif type(value) in (list, dict) and where in b.plan.by_identity:
            # The call mutates it: the caller's own object, guarded by identity; its
            # contents are guarded where the call reads them, its writes deferred.
            b.guards.require_is(acc, value)
            b.remember(value, acc)
            b.provenance.note_lazy(value, acc)
            self._identity.add(acc)
        elif type(value) in (tuple, list) or values.is_namedtuple(value):
            # A namedtuple batch is planned like a tuple, guarded on its exact class.
            b.guards.require_type(acc, type(value))
            b.guards.require_length(acc, len(value))
            for i, element in enumerate(value):
                self._plan(guards.item(acc, i), element, f"{where}[{i}]")
        elif type(value) is dict:
            b.guards.require_keys(acc, value)
            for key, item in value.items():
                self._plan(guards.item(acc, key), item, f"{where}[{key!r}]")
        else:
            b.guards.require_value(acc, value)
            b.remember(value, acc)

    def substitute(self, args, flat_inputs):
        """The call's arguments with graph input tensors in place of their leaves."""
        replacements = dict(zip((id(a) for a in self.accessors), flat_inputs))
        return tuple(self._substitute(guards.arg(i), v, replacements, self.b.target.arg_names[i])
                     for i, v in enumerate(args))

    def _substitute(self, acc, value, replacements, where):
        if acc in self._identity:
            return value
        for plan_acc in self.accessors:
            if plan_acc == acc:
                tensor = replacements[id(plan_acc)]
                kind, python_class = self._stands_for.get(id(plan_acc), (None, None))
                if kind == "object":
                    return objects.ObjectRef(tensor, python_class, self.b.recursion.population)
                if kind == "number":
                    self.b.promote(tensor, python_class)
                    # Stored or returned as it is, it is the caller's own object (an int
                    # beyond CPython's small ones, a float: heap.keep_by_choice).
                    self.b.provenance.note_kept(tensor, (plan_acc, True))
                if kind == "array":
                    tensor = arrays.ArrayArg(tensor, python_class, argument=True)
                if kind in (None, "array"):
                    self.b.provenance.note_caller(tensor, plan_acc, type(value))
                return tensor          # a variable input is a variable already
        if type(value) is tf.IndexedSlices:
            return tf.IndexedSlices(*(self._substitute(guards.attr(acc, part),
                                                       getattr(value, part), replacements,
                                                       f"{where}.{part}")
                                      for part in _SLICES_PARTS))
        if type(value) in (tuple, list):
            items = [self._substitute(guards.item(acc, i), v, replacements, f"{where}[{i}]")
                     for i, v in enumerate(value)]
            made = type(value)(items)
            if type(value) is list:
                self.b.provenance.note_copy(value, made, provenance.ARGUMENT, where)
        elif values.is_namedtuple(value):
            made = type(value)(*(self._substitute(guards.item(acc, i), v, replacements,
                                                  f"{where}[{i}]")
                                 for i, v in enumerate(value)))
            # Its fields are read like a tuple's items.
            self.b.provenance.note_made(made, provenance.CONTAINER, None)
        elif type(value) is dict:
            made = {k: self._substitute(guards.item(acc, k), v, replacements,
                                        f"{where}[{k!r}]")
                    for k, v in value.items()}
            self.b.provenance.note_copy(value, made, provenance.ARGUMENT, where)
        else:
            return value
        # The container stands for the caller's own one (a list or dict the call
        # changes would have been passed as itself: b.mutating_argument): stored,
        # returned or compared with `is`, it is the caller's object, read at `acc`
        # after each graph call (build/outputs.py), as eager hands it on.
        self.b.provenance.note_caller(made, acc, type(value))
        return made
