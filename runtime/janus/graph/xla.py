"""A gated graph → the same graph for XLA, its checks made values (JANUS_XLA=on).

XLA compiles `Assert` and `CheckNumerics` to nothing, and does not check what TF's
kernels check on values: a gather clamps an index out of range, a sparse cross-entropy
takes a label out of range, an integer division by zero gives a number
(docs/DESIGN.md#all-or-nothing-updates).  A janus graph's assumptions are Asserts, so
compiled as it is it would run on where one fails, and its updates would land.  Here,
before the graph becomes a function, all or nothing is kept around XLA instead:

- every check (an Assert's condition, `is_finite` for a CheckNumerics) and every check a
  TF kernel makes on values (an index in range, a divisor not zero) is computed as a
  boolean, and the booleans are stacked into one more output: `passed`;
- the graph also returns what each variable it updates held when the call started
  (read before every update; XLA hands back the buffer it was given, no copy);
- the call reads `passed` (CompiledGraph.run): where one is false, it writes those
  values back and raises the error the check's op would have raised, so the call falls
  back as after a failed Assert, with nothing changed.

XLA writes a compiled call's variables when the call ends, together, so a failure inside
it (memory) leaves them as they were.  Where janus cannot check under XLA what TF checks,
it declines, and the graph is built without XLA (`Declined`, the reason in the
program's terms): an op whose failures on values janus does not know, slices at
positions computed from values, a check or an update inside a tf.cond or a while loop,
a stateful random draw (XLA draws other numbers), prints and summary writes, calls of
other graph functions, and janus's own ops (no XLA kernel).
"""

import re

import tensorflow as tf
from tensorflow.python.framework import ops
from tensorflow.python.ops import gen_resource_variable_ops

from . import atomic

XLA_COMPILE_ERROR = ("XLA_CPU_JIT", "XLA_GPU_JIT", "tf2xla", "compile-time constant",
                     "XlaLaunch", "xla_ops.cc")

# Ops whose failures XLA finds when it compiles (shapes, constant arguments), given the
# shapes of a call: they cannot fail on the values of a compiled call.
SHAPE_CHECKED = atomic.CANNOT_FAIL | atomic.CANNOT_FAIL_STATIC | frozenset({
    "ConcatV2", "Pad", "PadV2", "MirrorPad", "OneHot", "Cumsum", "Cumprod", "Einsum",
    "BatchMatMulV2", "BatchMatMulV3", "DepthwiseConv2dNative",
    "DepthwiseConv2dNativeBackpropInput", "DepthwiseConv2dNativeBackpropFilter",
    "Conv3D", "Conv3DBackpropInputV2", "Conv3DBackpropFilterV2", "MaxPool3D", "AvgPool3D",
    "Split", "SplitV", "Unpack", "ReverseV2", "ClipByValue", "Atan2", "Xdivy", "Xlogy",
    "Xlog1py", "Expm1", "Erfc", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Tan", "Inv",
    "L2Loss", "Any", "All", "TopKV2", "EnsureShape", "Conv2DBackpropFilter", "LRN",
    "FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormGrad", "FusedBatchNormGradV2",
    "Elu", "EluGrad", "Selu", "SeluGrad", "SoftplusGrad", "InvertPermutation", "IsInf",
    "Floor", "FloorDiv", "FloorMod", "Div", "TruncateDiv", "TruncateMod", "Mod", "Pow",
    "Range", "LinSpace", "DivNoNan", "ReciprocalGrad", "SparseSoftmaxCrossEntropyWithLogits",
    "GatherV2", "ResourceGather", "GatherNd", "UnsortedSegmentSum", "UnsortedSegmentMax",
    "UnsortedSegmentMin", "UnsortedSegmentProd", "BroadcastArgs", "Slice", "StridedSlice",
    "StridedSliceGrad", "TensorScatterAdd", "TensorScatterUpdate", "ResourceScatterAdd",
    "ResourceScatterSub", "ZerosLike", "OnesLike", "Snapshot", "PreventGradient",
    "CheckNumerics", "CheckNumericsV2", "Assert", "VarHandleOp", "VariableShape",
    "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp", "Square", "Sign",
    "ApproximateEqual", "Bitcast", "Complex", "Real", "Imag", "Angle", "Conj",
    "MatrixBandPart", "MatrixDiag", "MatrixDiagV3", "MatrixDiagPartV3", "MatrixSetDiagV3",
    "Reverse", "Roll", "SoftmaxGrad", "SquaredDifference", "Sum", "LogSoftmax",
    "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2",
    "StatelessRandomGetKeyCounterAlg", "StatelessRandomGetAlg", "StatelessMultinomial",
    "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert", "LeftShift", "RightShift",
    "ConcatOffset", "Relu6", "Softsign", "SoftsignGrad", "Rint", "Acosh", "Asinh", "Atanh",
})
# Ops that give slice positions and sizes when they are the only source of a tensor: a
# compiled call's shapes are constants, so XLA knows such positions when it compiles.
_SHAPE_SOURCES = frozenset({"Shape", "ShapeN", "Size", "Rank", "VariableShape"})
_INDEXED = ("ResourceScatterAdd", "ResourceScatterSub")
_INTEGER_DIVISIONS = frozenset({"FloorDiv", "FloorMod", "Div", "TruncateDiv",
                                "TruncateMod", "Mod"})
_DYNAMIC_SLICES = frozenset({"Slice", "StridedSlice", "StridedSliceGrad"})


class Declined(Exception):
    """The graph cannot keep all or nothing under XLA; the reason is the program's."""


class Checks:
    """What `passed` stands for, in order (the error each false entry raises), and the
    variables whose values at the call's start follow it."""

    def __init__(self, messages, handles):
        self.messages = tuple(messages)
        self.handles = tuple(handles)     # captured variable handles the updates write

    def failure(self, passed):
        """The error the first failed check's op raises in TF (messages.failure_of reads
        it as it reads theirs)."""
        first = next(i for i, ok in enumerate(passed) if not ok)
        return tf.errors.InvalidArgumentError(None, None, self.messages[first])

    def split(self, results):
        """The graph's outputs → (the program's outputs, passed, the starting values)."""
        cut = len(results) - len(self.handles)
        return results[:cut - 1], results[cut - 1].numpy(), results[cut:]

    def undo(self, starts):
        """Write back what each variable held when the call started."""
        for handle, value in zip(self.handles, starts):
            gen_resource_variable_ops.assign_variable_op(handle, value)


def prepare(graph, returned):
    """Rewrite `graph` (gated: atomic.gate ran) for XLA.  Returns the outputs: `returned`,
    then `passed`, then the value each variable its updates write had when the call
    started; and the Checks they stand for.  Raises Declined.

    The updates themselves are left as they are, and so is every op that computes a
    value: XLA compiles the graph tf.function(jit_compile=True) would compile, and its
    floats are that function's.  (Holding each update back with a select on "all
    passed" changed how XLA fuses the ops around it, and a batch norm's moving
    statistics then differed in their last bits.)"""
    operations = graph.get_operations()
    updates = [op for op in operations if atomic.is_update(op)]
    after = atomic._closure(updates, atomic._consumers_of)
    captured = {id(internal): external for external, internal in graph.captures}
    checks, written = [], {}
    with graph.as_default(), ops.control_dependencies(None):
        for op in operations:
            _decline_unknown(op)
            check = _value_check(op) if _fails_on_values(op, after) else None
            if check is not None:
                checks.append(check)
        for op in updates:
            for resource in atomic._resources_of(op):
                external = atomic._variable_handle(resource, captured)
                if external is None:
                    raise Declined(f"{_named(op)} updates a resource that is not one of "
                                   "the program's variables")
                inner = atomic._through(resource, ("Identity",))
                written.setdefault(id(inner), (inner, external))
        predicates = [tf.reshape(p, []) for p, _ in checks]
        passed = tf.stack(predicates) if predicates else tf.ones([0], tf.bool)
        # What each written variable held when the call started: read before any update.
        starts = []
        for inner, external in written.values():
            dtype = tf.as_dtype(external._handle_data.shape_and_type[0].dtype)
            starts.append(tf.raw_ops.ReadVariableOp(resource=inner, dtype=dtype))
        for op in updates:
            op._add_control_inputs([t.op for t in starts])
    return returned + [passed] + starts, Checks(
        [m for _, m in checks], [external for _, external in written.values()])


def _fails_on_values(op, after):
    """Whether TF's kernel for `op` can fail on this graph (atomic's catalog), other
    than on a shape XLA checks when it compiles."""
    if op.type in atomic.CHECKS:
        return True
    return atomic.can_fail(op) and not atomic._checked_by_a_gather(op, after) and \
        not atomic._replaced_shape_check(op)


def compile_error(exc) -> bool:
    """Whether `exc`, raised by a call of a compiled graph, is XLA refusing to compile it
    (raised before anything ran)."""
    text = str(exc)
    return isinstance(exc, tf.errors.OpError) and any(mark in text for mark in
                                                      XLA_COMPILE_ERROR)


def compile_refusal(exc) -> str:
    """Why XLA would not compile the graph, without its internal names."""
    text = str(exc)
    found = re.search(r"XLA_\w+_JIT: (\w+) \(No registered", text)
    if found:
        return f"XLA has no kernel for {found.group(1)}"
    found = re.search(r"node `?([^`\s]+)`? with op (\w+) must be a compile-time constant",
                      text)
    if found:
        return (f"{found.group(2)} ({found.group(1)}) takes a value computed in the "
                "graph where XLA needs a constant")
    first_line = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    return first_line[:200]


def _named(op):
    return f"{op.type} ({op.name})"


def _decline_unknown(op):
    if atomic._bodies(op):
        inner = atomic._inner_ops(op)
        if any(atomic.is_update(i) for i in inner):
            raise Declined(f"a variable update inside a tf.cond or while loop ({op.name})")
        for i in inner:
            _decline_unknown(i)
            if _checked_on_values(i):
                raise Declined(f"a check inside a tf.cond or while loop: {_named(i)}")
        return
    if op.type in ("PartitionedCall", "StatefulPartitionedCall"):
        raise Declined(f"a call of another graph function ({op.name}: the program's "
                       "tf.function, or a recursive graph)")
    if op.type.startswith("Janus"):
        raise Declined(f"janus's own op {op.type}, which XLA has no kernel for")
    if op.type in ("PrintV2", "StringFormat") or "Summary" in op.type:
        raise Declined(f"output in the step ({op.type}): XLA has no kernel for it")
    if atomic.auto_control_deps.op_is_stateful(op) and _is_random(op):
        raise Declined(f"a random draw by a kernel with state ({op.type}): XLA draws "
                       "other numbers")
    if op.type not in SHAPE_CHECKED:
        raise Declined(f"{_named(op)}: janus does not know whether XLA checks what TF "
                       "checks for it")
    if op.type in _DYNAMIC_SLICES and not all(_from_shapes(t) for t in op.inputs[1:]):
        raise Declined(f"{_named(op)} at positions computed from values in the graph: "
                       "XLA clamps them where TF raises")


def _is_random(op):
    return atomic.random_ops.is_random_kernel(op) or op.type.startswith(
        ("Random", "StatefulRandom", "StatefulUniform", "StatefulStandardNormal",
         "StatefulTruncatedNormal", "Multinomial", "RngSkip", "RngReadAndSkip"))


def _from_shapes(tensor):
    """Whether `tensor` is computed from constants and shapes only."""
    seen, todo = set(), [tensor.op]
    while todo:
        op = todo.pop()
        if op in seen or op.type in _SHAPE_SOURCES:
            continue
        seen.add(op)
        if not op.inputs:
            if op.type != "Const":
                return False
            continue
        todo.extend(t.op for t in op.inputs)
    return True


_INDEX_CHECKED = frozenset({
    "GatherV2", "ResourceGather", "GatherNd", "ResourceScatterAdd", "ResourceScatterSub",
    "SparseSoftmaxCrossEntropyWithLogits", "UnsortedSegmentSum", "UnsortedSegmentMax",
    "UnsortedSegmentMin", "UnsortedSegmentProd", "TensorScatterAdd", "TensorScatterUpdate"})


def _checked_on_values(op):
    """Whether `op` is a check, or a kernel TF checks values for (_value_check)."""
    kind = op.type
    return kind in atomic.CHECKS or kind in _INDEX_CHECKED or (
        kind in _INTEGER_DIVISIONS | {"Pow"} and op.outputs[0].dtype.is_integer)


def _value_check(op):
    """(predicate, message) for the check `op` makes on values, or None."""
    if not _checked_on_values(op):
        return None
    kind = op.type
    if kind == "Assert":
        return op.inputs[0], _assert_message(op)
    if kind in ("CheckNumerics", "CheckNumericsV2"):
        message = op.get_attr("message").decode()
        return (tf.reduce_all(tf.math.is_finite(op.inputs[0])),
                f"{message} : Tensor had NaN values")
    return _predicate(op), f"{_named(op)}: {_what_tf_checks(op)} (checked for XLA)"


def _assert_message(op):
    data = [tf.get_static_value(t) for t in op.inputs[1:]]
    words = [d.decode() if isinstance(d, bytes) else str(d) for d in data if d is not None]
    return "assertion failed: [" + "] [".join(words) + "]"


def _what_tf_checks(op):
    if op.type in _INTEGER_DIVISIONS:
        return "integer division by zero"
    if op.type == "Pow":
        return "integer to a negative power"
    if op.type == "SparseSoftmaxCrossEntropyWithLogits":
        return "a label outside [0, classes)"
    return "an index out of range"


def _predicate(op):
    """True where `op`'s inputs pass the check TF's CPU kernel makes on them."""
    kind, inputs = op.type, op.inputs
    if kind in _INTEGER_DIVISIONS:
        return tf.reduce_all(tf.not_equal(inputs[1], 0))
    if kind == "Pow":
        return tf.reduce_all(inputs[1] >= 0)
    if kind == "GatherV2":
        if op.get_attr("batch_dims") != 0:
            raise Declined(f"{_named(op)} with batch dimensions")
        axis = inputs[2]
        size = tf.gather(tf.shape(inputs[0], out_type=inputs[1].dtype),
                         tf.math.floormod(axis, tf.rank(inputs[0])))
        return _in_range(inputs[1], size)
    if kind in ("ResourceGather",) + _INDEXED:
        shape = tf.raw_ops.VariableShape(input=inputs[0], out_type=inputs[1].dtype)
        return _in_range(inputs[1], shape[0])
    if kind in ("GatherNd", "TensorScatterAdd", "TensorScatterUpdate"):
        indices = inputs[1]
        depth = tf.shape(indices)[-1]
        bounds = tf.shape(inputs[0], out_type=indices.dtype)[:depth]
        return tf.reduce_all((indices >= 0) & (indices < bounds))
    if kind == "SparseSoftmaxCrossEntropyWithLogits":
        classes = tf.shape(inputs[0], out_type=inputs[1].dtype)[-1]
        return _in_range(inputs[1], classes)
    if kind.startswith("UnsortedSegment"):
        # Negative ids are dropped, as TF's kernel drops them.
        return tf.reduce_all(inputs[1] < tf.cast(inputs[2], inputs[1].dtype))
    raise AssertionError(kind)


def _in_range(indices, size):
    return tf.reduce_all((indices >= 0) & (indices < size))
