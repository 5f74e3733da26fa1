"""What TF's control flow hands back, as objects, when library code built it in the
graph: `tf.cond`, `tf.switch_case`, `tf.while_loop`, `tf.foldl`/`tf.scan`, and Keras'
`ops.cond`, `ops.switch`, `ops.while_loop`, `ops.fori_loop`, `ops.scan` over them.

Eagerly these run the program's Python: a branch that returns a tensor the program
already had (`lambda: x`) hands back that very object, and so does a loop for a loop
variable its body passes on unchanged, or for every loop variable after no pass (`out
is x`).  In the graph each output is a new tensor of an If, Case or While op.  Here each
output is traced back through the op's branch or body graphs: where the branch taken,
or the loop, passes on a tensor from before the call, the output is recorded as that
object whenever the op's predicate, index or pass count says so (heap.keep_by_choice),
as for the branches janus builds itself; otherwise it stays a new tensor.
"""

import tensorflow as tf

from ..graph import atomic
from ..values import built_here, is_symbolic

_WHILE = ("While", "StatelessWhile")
_IF = ("If", "StatelessIf")
_CASE = ("Case", "StatelessCase")


def follow(b, result, last_op):
    """Record, for each tensor of `result` (a library call's, which made the ops after
    the op id `last_op`), the object the program had that eagerly it is, and when."""
    graph = tf.compat.v1.get_default_graph()
    for tensor in _tensors_in(result):
        if tensor.graph is not graph or b.provenance.of(tensor).chosen is not None:
            continue
        source = _through_identities(tensor)
        op = source.op
        if op._id <= last_op or op.type not in _WHILE + _IF + _CASE:
            continue
        if op.type in _WHILE:
            _loop_output(b, tensor, op, source.value_index, last_op)
        else:
            _branch_output(b, tensor, op, source.value_index, last_op)


def _tensors_in(value, depth=0):
    """The graph tensors in a result: itself, or in its lists, tuples and dict values
    (what tf.cond and tf.while_loop return), without running code of the result's."""
    if is_symbolic(value):
        yield value
    elif depth < 4 and (type(value) in (list, dict) or isinstance(value, tuple)):
        for item in (value.values() if type(value) is dict else value):
            yield from _tensors_in(item, depth + 1)


def _through_identities(tensor):
    return atomic._through(tensor, ("Identity",))


def _older(b, tensor, last_op):
    """The tensor the program had before the call, that `tensor` passes on, or None: one
    built before it, or the caller's tensor a callback read from the program's state
    during it (a graph input made at that read)."""
    source = _through_identities(tensor)
    graph = tf.compat.v1.get_default_graph()
    if not built_here(source, graph):
        return None
    if source.graph is graph and source.op._id > last_op and \
            b.provenance.caller_of(source) is None and b.provenance.source_of(source) is None:
        return None
    return source


def _passed_on(inner_graph, output_index):
    """The index among `inner_graph`'s inputs of the input its output `output_index`
    passes on unchanged, else None."""
    if output_index >= len(inner_graph.outputs):
        return None
    source = _through_identities(inner_graph.outputs[output_index])
    if source.op.type != "Placeholder":
        return None
    for index, placeholder in enumerate(inner_graph.inputs):
        if placeholder is source:
            return index
    return None


def _function_graph(op, name):
    """The graph of the function `name` an op of the graph being built calls."""
    function = op.graph._get_function(name)
    return getattr(function, "graph", None)


def _loop_output(b, tensor, op, index, last_op):
    body = _function_graph(op, op.get_attr("body").name)
    if body is None or index >= len(op.inputs):
        return
    before = _older(b, op.inputs[index], last_op)
    if before is None:
        return
    if _passed_on(body, index) == index:
        # The body hands the variable on: eagerly the same object after every pass.
        b.heap.keep_by_choice(tensor, tf.constant(False), before, tf.identity(tensor))
        return
    passes = op.outputs[0]              # while_v2's first loop variable counts the passes
    b.heap.keep_by_choice(tensor, tf.greater(passes, 0), before, tf.identity(tensor))


def _branch_output(b, tensor, op, index, last_op):
    names = [op.get_attr("then_branch").name, op.get_attr("else_branch").name] \
        if op.type in _IF else [f.name for f in op.get_attr("branches")]
    branches = [_function_graph(op, name) for name in names]
    if not branches or any(graph is None for graph in branches):
        return
    sides = []
    for graph in branches:
        passed = _passed_on(graph, index)
        before = None if passed is None or 1 + passed >= len(op.inputs) else \
            _older(b, op.inputs[1 + passed], last_op)
        sides.append(before)
    if all(side is None for side in sides):
        return
    sides = [side if side is not None else tf.identity(tensor) for side in sides]
    selector = op.inputs[0]
    if op.type in _IF:
        b.heap.keep_by_choice(tensor, tf.logical_not(tf.cast(selector, tf.bool)), *sides)
        return
    # A Case runs branch `index`, and the last one for an index out of range.
    if len(sides) == 1:
        b.heap.keep_by_choice(tensor, tf.constant(False), sides[0], tf.identity(tensor))
        return
    chosen = sides[-1]
    for k in range(len(sides) - 2, -1, -1):
        node = tensor if k == 0 else tf.identity(tensor)
        b.heap.keep_by_choice(node, tf.not_equal(selector, k), sides[k], chosen)
        chosen = node
