"""The program's own tf.functions inside a janus graph → calls that TF does not inline, so
that each computes the floats eager's call of it computes.

janus calls its graphs with Grappler's float-changing rewrites off (janus/run/
call_options.py: the step's op-by-op code then gives eager's numbers).  A tf.function
the step calls is different: eager runs it as a function of its own, which Grappler
optimizes with every rewrite under the program's config (`x ** 2` becomes Square,
`x / 7.0` a multiply), so its outputs differ from its ops run one by one.  Inlined into
janus's graph, its body would get janus's config and leave eager's numbers (measured:
244 of 512 floats of a small feature function, and the losses from the fourth step on).

So, after a build, every call node of the graph (the forward and the backward function
TF made for the tape, in the graph itself or in the branches of its conds and loops)
is pointed at a copy of its function marked `_noinline`: TF then instantiates it as its
own function, with the config the call node was traced under, the program's, as eager
does.  A copy, because the program's function is registered with the eager context under
its own name, without the mark.  The functions of janus's recursive graphs
(janus/graph/recursion.py) are already their own functions and stay as they are.
Under JANUS_NUMERICS=graph nothing changes: janus then computes what tf.function does,
which inlines.
"""

import itertools

from tensorflow.core.framework import attr_value_pb2, function_pb2
from tensorflow.python.eager.polymorphic_function import atomic_function

from .atomic import RECURSIVE_PREFIX

CALLS = ("PartitionedCall", "StatefulPartitionedCall")
_serial = itertools.count()


def keep(graph):
    """Point every call of a program function in `graph` (and in the conds and loops it
    holds) at a `_noinline` copy of it.  Returns how many call nodes now point at one."""
    copies, kept = {}, 0
    for op in graph.get_operations():
        for attr, names in _function_attrs(op.type, op.node_def):
            renamed = [_copy(graph, name, op.type in CALLS, copies) for name in names]
            if renamed == names:
                continue
            kept += op.type in CALLS
            op._set_attr(attr, _as_attr(attr, renamed, op.node_def.attr[attr]))
    return kept


def _function_attrs(op_type, node_def):
    """(attribute, [function names]) of a node: a call's target, the branches of a cond,
    the condition and body of a loop."""
    found = []
    for attr, value in node_def.attr.items():
        if value.HasField("func"):
            if op_type in CALLS and attr != "f":
                continue
            found.append((attr, [value.func.name]))
        elif value.list.func:
            found.append((attr, [f.name for f in value.list.func]))
    return found


def _as_attr(attr, names, before):
    if before.HasField("func"):
        return attr_value_pb2.AttrValue(func=attr_value_pb2.NameAttrList(
            name=names[0], attr=before.func.attr))
    return attr_value_pb2.AttrValue(list=attr_value_pb2.AttrValue.ListValue(
        func=[attr_value_pb2.NameAttrList(name=n, attr=f.attr)
              for n, f in zip(names, before.list.func)]))


def _copy(graph, name, called, copies):
    """The name of the function to use for `name`: a `_noinline` copy if it is called
    (`called`), a copy whose own calls point at such copies if it is a branch or body
    that holds one, else `name` itself."""
    if name.encode().startswith(RECURSIVE_PREFIX):
        return name
    key = (name, called)
    if key in copies:
        return copies[key]
    copies[key] = name              # a function that reaches itself: left as it is
    function = graph._get_function(name)
    if function is None:
        return name
    definition = function_pb2.FunctionDef()
    definition.CopyFrom(function.definition)
    changed = called
    if not called:
        # A branch or loop body inlines into janus's graph: the calls it holds are kept.
        for node in definition.node_def:
            for attr, names in _function_attrs(node.op, node):
                renamed = [_copy(graph, n, node.op in CALLS, copies) for n in names]
                if renamed != names:
                    node.attr[attr].CopyFrom(_as_attr(attr, renamed, node.attr[attr]))
                    changed = True
    if not changed:
        return name
    new_name = f"{name}_kept{next(_serial)}"
    definition.signature.name = new_name
    if called:
        definition.attr["_noinline"].b = True
    graph._add_function_recursive(
        atomic_function.from_function_def(definition, function.function_type))
    copies[key] = new_name
    return new_name
