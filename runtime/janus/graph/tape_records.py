"""A graph called while a GradientTape outside it records → the tape records that eager's
ops of the call would have given it, one per op, so the tape's gradient is eager's.

Left to TF, a tape outside a graph call records the call as one op and later takes its
gradient from the function's backward graph: TF's graph-mode gradient code, with its own
aggregation order and graph rewrites, which rounds differently from eager's tape
(tf.function's does too).  Eager's tape instead recorded each op as it ran, with the op's
inputs and outputs, and at `tape.gradient` runs each op's registered gradient in reverse
order of the records, summing where a tensor fed several ops.

So a graph built for calls under a tape (Plan.tape_records) returns, besides the
program's outputs, every input and output of each op that lies on a path from a value the
tape can watch: an argument tensor, a variable read.  The call runs with recording
stopped; then `replay` tells the tapes which variables were read and records each of
those ops in graph order, with the call's values (tf.__internal__.record_gradient, what
eager's op wrappers call).  The tape sees what eager's would have seen: the same ops in
the same order on the same values, so its gradient runs the same gradient functions, in
the same order, on the same numbers.  The forward values are eager's because the ops are
(JANUS_NUMERICS=eager keeps TF's float-changing rewrites off), and an op whose output is
fetched cannot be fused away.

The Identity through which the graph returns an output is not recorded: the op before it
is recorded with the returned tensor as its output, as eager's is.  One record more would
change the order in which the tape's backward pass sums a variable's gradients.

A graph with a tf.cond, a while loop or a function call on such a path cannot say which
ops ran inside: `NotRecordable`, and those calls run as eager's ops.
"""

import tensorflow as tf
from tensorflow.python.eager import record
from tensorflow.python.framework import ops
from tensorflow.python.ops import resource_variable_ops
from tensorflow.python.util import nest

_record_gradient = tf.__internal__.record_gradient

# Dtypes a tape watches (backprop_util.IsTrainable), and resource handles (variables).
_FOLLOWED = frozenset({tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.complex64,
                       tf.complex128, tf.resource, tf.variant})


class NotRecordable(Exception):
    """The graph's ops on a gradient path cannot be recorded one by one."""


def _nested(op):
    """Why `op` hides the ops it runs from a tape, or None."""
    for name, value in op.node_def.attr.items():
        if value.HasField("func") or value.list.func:
            return f"{op.type} (it runs a function: {name})"
    return None


def _not_differentiable(op_type):
    """Registered with ops.NotDifferentiable: eager's tape does not record it."""
    try:
        return ops._gradient_registry.lookup(op_type) is None
    except LookupError:
        return False      # no gradient at all: eager records it, and its gradient fails


def _attrs(op):
    """The flat (name, value, ...) tuple eager's op wrappers pass to the tape, with type
    attributes as DataType numbers as eager gives them."""
    flat = []
    for name in sorted(op.node_def.attr):
        if name.startswith("_"):
            continue        # graph-only attributes (class, device placement hints)
        value = op.get_attr(name)
        if isinstance(value, tf.DType):
            value = value.as_datatype_enum
        elif isinstance(value, list) and value and isinstance(value[0], tf.DType):
            value = [v.as_datatype_enum for v in value]
        flat.extend((name, value))
    return tuple(flat)


class TapeRecords:
    """The ops of one graph a tape outside its calls must see, and where their values
    come from at run time."""

    __slots__ = ("ops", "extra_outputs", "variable_slots")

    def __init__(self, ops, extra_outputs, variable_slots):
        # (op type, attrs, input places, output places); a place is
        # (0, i) the call's i-th flat input, (1, j) the j-th captured input, or
        # (2, k) the k-th output of the call.
        self.ops = ops
        self.extra_outputs = extra_outputs   # graph tensors appended to the outputs
        self.variable_slots = variable_slots  # captured-input indexes of variable reads

    def replay(self, flat, captured, results, variables_by_handle):
        """Record the call's ops on the tapes that are recording now."""
        for j in self.variable_slots:
            variable = variables_by_handle.get(id(captured[j]))
            if variable is not None:
                resource_variable_ops.variable_accessed(variable)
        sources = (flat, captured, results)
        for op_type, attrs, inputs, outputs in self.ops:
            _record_gradient(op_type, [sources[s][i] for s, i in inputs], attrs,
                             [sources[s][i] for s, i in outputs])


def plan(graph, returned, n_flat):
    """The records of `graph` (a FuncGraph being traced), whose outputs are `returned` and
    whose first `n_flat` inputs are the call's flat inputs.  Raises NotRecordable."""
    place = {}
    for i, tensor in enumerate(graph.inputs[:n_flat]):
        place[tensor.ref()] = (0, i)
    # The call passes the captured values in the order of the graph's captures: by
    # value, then those read at call time (ConcreteFunction.captured_inputs).
    captures = list(graph.internal_captures) + nest.flatten(
        graph.deferred_internal_captures, expand_composites=True)
    for j, tensor in enumerate(captures):
        place[tensor.ref()] = (1, j)
    collapsed = set()
    for k, tensor in enumerate(returned):
        place.setdefault(tensor.ref(), (2, k))
        # The graph returns each output through an Identity (automatic control
        # dependencies' mark_as_return); eager handed the program the op's own output.
        # The op is recorded with the returned tensor as its output: one more record
        # would change the order in which the tape's backward pass sums gradients.
        source = tensor.op.inputs[0] if tensor.op.type == "Identity" else None
        if source is not None and source.op.type != "Placeholder" and \
                source.ref() not in place:
            place[source.ref()] = (2, k)
            collapsed.add(tensor.op)
    reached = {key for key, where in place.items()
               if where[0] != 2 and key.deref().dtype in _FOLLOWED}
    extra, ops, variable_slots = [], [], []

    def place_of(tensor):
        key = tensor.ref()
        where = place.get(key)
        if where is None:
            if tensor.dtype == tf.resource:
                raise NotRecordable(f"a resource made inside the graph ({tensor.op.type}) "
                                    "feeds an op on the gradient path")
            where = place[key] = (2, len(returned) + len(extra))
            extra.append(tensor)
        return where

    for op in graph.get_operations():
        if op.type == "Placeholder" or not any(t.ref() in reached for t in op.inputs):
            continue
        if not op.outputs or op in collapsed or _not_differentiable(op.type):
            # An update or a check, an op collapsed into its returned Identity, or one
            # eager's tape does not record (tf.stop_gradient, shape ops): its outputs
            # are constants to the tape, and one record more would change the order
            # in which it sums the gradients of the op's inputs.
            continue
        hidden = _nested(op)
        if hidden is not None:
            raise NotRecordable(f"the graph runs {hidden} on a gradient path")
        if "_gradient_op_type" in op.node_def.attr:
            # tf.custom_gradient (recompute_grad, grad_pass_through): eager records the
            # function's own gradient, which exists only while it runs.
            raise NotRecordable("a tf.custom_gradient function on a gradient path")
        for tensor in op.outputs:
            if tensor.dtype in _FOLLOWED:
                reached.add(tensor.ref())
        inputs = tuple(place_of(t) for t in op.inputs)
        for t, (kind, index) in zip(op.inputs, inputs):
            if kind == 1 and t.dtype == tf.resource:
                variable_slots.append(index)
        ops.append((op.type, _attrs(op), inputs, tuple(place_of(t) for t in op.outputs)))
    return TapeRecords(tuple(ops), extra, tuple(sorted(set(variable_slots))))


def stopped():
    """Recording stopped for the graph call itself (its records are replayed)."""
    return record.stop_recording()
