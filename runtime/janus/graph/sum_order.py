"""Sums of three or more floats in eager's order: a graph's AddN → a chain of AddV2.

Eager's tape adds the gradients a tensor gets with one AddN, in the order they came.  TF's
CPU kernel adds its inputs left to right, except that it first looks for an input whose
buffer it may reuse for the result and, when that is not the first, moves it to the
front (tensorflow/core/kernels/aggregate_ops.cc).  Eagerly no input can be reused: the
tape still holds each of them.  In a graph the last use of an intermediate can be, and
the order of the sum, and its last bits, then depend on which (measured on TF 2.21: the
gradient of a tensor used twice after a cond and once inside it came out of the graph
as (c + a) + b where eager computed (a + b) + c, with Grappler off).  Two terms commute
exactly; from three on, janus writes the sum as ((a + b) + c) + ..., the kernel's own
order when nothing is reused, in its graph and in the bodies of its conds and loops,
which inline into it.  The functions it calls (the program's tf.functions and the
gradients TF made for them) keep their AddN: eager runs them as graphs too.
Only under JANUS_NUMERICS=eager.
"""

import itertools

import tensorflow as tf
from tensorflow.core.framework import attr_value_pb2, function_pb2
from tensorflow.python.eager.polymorphic_function import atomic_function
from tensorflow.python.framework import ops
from tensorflow.python.ops import gen_math_ops

from .atomic import RECURSIVE_PREFIX
from .kept_calls import CALLS, as_attr, function_attrs

_serial = itertools.count()


def _reorderable(dtype) -> bool:
    return dtype.is_floating or dtype.is_complex


def spell_out(graph, returned):
    """Rewrite the AddN ops of three or more float terms in `graph` and in the bodies
    its ops hold; returns `returned` with each such sum replaced by its chain."""
    replaced = {}
    for op in list(graph.get_operations()):
        if op.type == "AddN" and len(op.inputs) >= 3 and _reorderable(op.outputs[0].dtype):
            replaced[op.outputs[0].ref()] = _chain(graph, op)
    bodies = {}
    for op in graph.get_operations():
        if op.type in CALLS:
            continue
        for attr, names in function_attrs(op.type, op.node_def):
            renamed = [_body(graph, name, bodies) for name in names]
            if renamed != names:
                op._set_attr(attr, as_attr(attr, renamed, op.node_def.attr[attr]))
    return [replaced.get(t.ref(), t) if isinstance(t, tf.Tensor) else t for t in returned]


def _chain(graph, op):
    terms = list(op.inputs)
    with graph.as_default(), ops.control_dependencies(op.control_inputs), \
            ops.name_scope(None), ops.device(op.device or None):
        total = terms[0]
        for index, term in enumerate(terms[1:], 1):
            total = gen_math_ops.add_v2(total, term, name=f"{op.name}/janus_sum_{index}")
    for consumer in list(op.outputs[0].consumers()):
        for index, tensor in enumerate(consumer.inputs):
            if tensor is op.outputs[0]:
                consumer._update_input(index, total)
    for dependent in list(op._control_outputs):
        dependent._add_control_input(total.op)
    return total


def _body(graph, name, bodies):
    """The name of a copy of branch or loop body `name` whose sums are chains (and whose
    own bodies' are), or `name` if it holds none."""
    if name.encode().startswith(RECURSIVE_PREFIX):
        return name
    if name in bodies:
        return bodies[name]
    bodies[name] = name             # a body that reaches itself: left as it is
    function = graph._get_function(name)
    if function is None:
        return name
    definition = function_pb2.FunctionDef()
    definition.CopyFrom(function.definition)
    changed = False
    for node in definition.node_def:
        if node.op in CALLS:
            continue
        for attr, names in function_attrs(node.op, node):
            renamed = [_body(graph, n, bodies) for n in names]
            if renamed != names:
                node.attr[attr].CopyFrom(as_attr(attr, renamed, node.attr[attr]))
                changed = True
    sums = [node for node in definition.node_def if node.op == "AddN" and
            node.attr["N"].i >= 3 and _reorderable(tf.dtypes.as_dtype(node.attr["T"].type))]
    for node in sums:
        _chain_node(definition, node)
    if not changed and not sums:
        return name
    new_name = f"{name}_summed{next(_serial)}"
    definition.signature.name = new_name
    graph._add_function_recursive(
        atomic_function.from_function_def(definition, function.function_type))
    bodies[name] = new_name
    return new_name


def _chain_node(definition, node):
    """AddN node `node` of a FunctionDef → AddV2 nodes, the last under its name, and
    every use of its output (`name:sum:0`) → the last one's (`name:z:0`)."""
    terms = [i for i in node.input if not i.startswith("^")]
    waits = [i for i in node.input if i.startswith("^")]
    name, device, previous = node.name, node.device, terms[0]
    dtype = attr_value_pb2.AttrValue()
    dtype.CopyFrom(node.attr["T"])
    for index, term in enumerate(terms[1:], 1):
        step = definition.node_def.add() if index < len(terms) - 1 else node
        step_name = name if step is node else f"{name}/janus_sum_{index}"
        step.Clear()
        step.name, step.op, step.device = step_name, "AddV2", device
        step.input.extend([previous, term] + (waits if index == 1 else []))
        step.attr["T"].CopyFrom(dtype)
        previous = f"{step_name}:z:0"
    before, after = f"{name}:sum:0", f"{name}:z:0"
    for other in definition.node_def:
        for index, value in enumerate(other.input):
            if value == before:
                other.input[index] = after
    for key, value in definition.ret.items():
        if value == before:
            definition.ret[key] = after
