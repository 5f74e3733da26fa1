"""A scalar tensor of the graph being built → its value now, when no input, variable or
stateful op decides it: a counter against a static length (`time < 7`), a comparison
of static dimensions.  A decision on such a tensor is no decision on data: the builder
takes it while building (build/control.py), and a tf.while_loop on it runs eager's
Python loop (build/unrolled_loops.py)."""

import tensorflow as tf
from tensorflow.core.framework import attr_value_pb2, graph_pb2, node_def_pb2

STATIC_OPS_LIMIT = 256     # ops a value may be computed from

# Ops a decided condition may be computed with: pure, and kernels every CPU has.
_PURE_OPS = frozenset({
    "Const", "Identity", "Cast", "AddV2", "Add", "Sub", "Mul", "FloorDiv", "FloorMod",
    "TruncateDiv", "Neg", "Abs", "Minimum", "Maximum", "Less", "LessEqual", "Greater",
    "GreaterEqual", "Equal", "NotEqual", "LogicalAnd", "LogicalOr", "LogicalNot",
    "StridedSlice", "Pack", "Reshape", "Squeeze", "ExpandDims", "Range", "Select",
    "SelectV2", "Prod", "Sum", "Max", "Min", "All", "Any", "GatherV2", "ConcatV2", "Fill",
})
_SHAPE_OPS = frozenset({"Shape", "Size", "Rank"})


def static_value(value):
    """The value of a scalar condition or count no input, variable or stateful op
    decides, computed now; None where it is not such a value.  A Python bool or int is
    its own value."""
    if isinstance(value, (bool, int)):
        return value
    if not tf.is_tensor(value) or value.shape.rank != 0:
        return None
    known = tf.get_static_value(value)
    if known is not None:
        return known.item() if hasattr(known, "item") else known
    walked = _walk(value)
    if walked is None or walked[1]:
        return None
    graph_def = graph_pb2.GraphDef()
    graph_def.node.extend(walked[0].values())
    with tf.Graph().as_default() as scratch:
        tf.graph_util.import_graph_def(graph_def, name="")
        with tf.compat.v1.Session(graph=scratch) as session:
            return session.run(value.name).item()


def decided_by(value):
    """The tensors of other ops than pure ones that `value` is computed from (graph
    inputs, variable reads, stateful ops); None where that is not known (too many ops,
    another graph, control dependencies)."""
    walked = _walk(value) if tf.is_tensor(value) else None
    return None if walked is None else walked[1]


def _walk(tensor):
    """({op name: NodeDef} of the pure ops `tensor` is computed from, with a Shape of a
    tensor whose static shape is known standing as its constant; [the tensors of the
    other ops met]), or None."""
    nodes, leaves = {}, []
    pending = [tensor]
    seen = set()
    while pending:
        current = pending.pop()
        op = current.op
        if op.name in seen:
            continue
        seen.add(op.name)
        if len(seen) > STATIC_OPS_LIMIT or op.graph is not tensor.graph or \
                op.control_inputs:
            return None
        if op.type in _SHAPE_OPS and op.inputs[0].shape.is_fully_defined():
            nodes[op.name] = _shape_constant(op)
            continue
        if op.type not in _PURE_OPS:
            leaves.append(current)
            continue
        node = node_def_pb2.NodeDef()
        node.CopyFrom(op.node_def)
        node.ClearField("device")
        nodes[op.name] = node
        pending.extend(op.inputs)
    return nodes, leaves


def _shape_constant(op):
    shape = op.inputs[0].shape
    value = {"Shape": shape.as_list(), "Size": shape.num_elements(),
             "Rank": shape.rank}[op.type]
    dtype = op.outputs[0].dtype
    node = node_def_pb2.NodeDef(name=op.name, op="Const")
    node.attr["dtype"].CopyFrom(attr_value_pb2.AttrValue(type=dtype.as_datatype_enum))
    node.attr["value"].CopyFrom(attr_value_pb2.AttrValue(
        tensor=tf.make_tensor_proto(value, dtype=dtype)))
    return node
