"""A built graph's state updates → gated on every assumption and output: all or nothing.

Automatic control dependencies only order ops that touch the same resource, so a failing
in-graph assertion does not stop an unrelated variable update (DESIGN.md, measured).
Here every state-changing op gets explicit control inputs from every assertion and from
every output that does not itself depend on an update, and from every read of a Python
object at run time (janus/objects.py; such a read fails when the object changed): if
any of them fails, no update has run.  An assertion that reads state already updated
in the same call would make a cycle; such a graph is refused and the call stays in the
interpreter.
"""

from tensorflow.python.framework import auto_control_deps

# Ops that only read state, or are the assertions themselves: never gated.
# janus_ops' stash lives only for one call, so filling it is not an update either.
NOT_UPDATES = frozenset({"Assert", "ReadVariableOp", "VarHandleOp", "VariableShape",
                         "ResourceGather", "ResourceGatherNd", "NoOp", "Placeholder",
                         "JanusNewKey", "JanusStash", "JanusUnstash", "JanusGetAttr"})
RECURSIVE_PREFIX = b"janus_rec"     # janus/recursion.py's functions: reads only


class CycleError(Exception):
    pass


def state_updates(graph):
    return [op for op in graph.get_operations() if _is_update(op)]


def heap_reads(graph):
    """Ops of `graph` that read Python objects at run time (JanusGetAttr), or run
    something that does: they can fail, so updates wait for them like assertions."""
    return [op for op in graph.get_operations() if _reads_heap(op)]


def _reads_heap(op):
    if op.type == "JanusGetAttr" or _calls_recursive_graph(op):
        return True
    return any(_reads_heap(inner) for b in _bodies(op) for inner in b.get_operations())


def _calls_recursive_graph(op):
    return op.type in ("PartitionedCall", "StatefulPartitionedCall") and \
        op.node_def.attr["f"].func.name.encode().startswith(RECURSIVE_PREFIX)


def _bodies(op):
    # cond_v2/while_v2 keep their branch graphs on the op
    bodies = [getattr(op, name, None) for name in ("_true_graph", "_false_graph",
                                                   "_cond_graph", "_body_graph")]
    return [b for b in bodies if b is not None]


def _is_update(op):
    if not auto_control_deps.op_is_stateful(op) or op.type in NOT_UPDATES or \
            _calls_recursive_graph(op):
        return False
    # A cond or loop is an update only if something inside it is.
    bodies = _bodies(op)
    if bodies:
        return any(_is_update(inner) for b in bodies for inner in b.get_operations())
    return True


def _closure(start, step):
    seen, todo = set(), list(start)
    while todo:
        op = todo.pop()
        if op in seen:
            continue
        seen.add(op)
        todo.extend(step(op))
    return seen


def _inputs_of(op):
    return [t.op for t in op.inputs] + list(op.control_inputs)


def _consumers_of(op):
    return [c for t in op.outputs for c in t.consumers()] + list(op._control_outputs)


def gate(graph, assertion_ops, outputs):
    """Make every update of `graph` wait for the assertions and the independent outputs.

    Call after automatic control dependencies were added, so the ordering they impose
    is part of the cycle check.  Returns the number of updates gated.
    """
    updates = state_updates(graph)
    if not updates:
        return 0
    needed_by_assertions = _closure(assertion_ops, _inputs_of)
    clash = [op for op in updates if op in needed_by_assertions]
    if clash:
        raise CycleError(f"an assumption depends on the state update {clash[0].name} "
                         "made earlier in the same call")
    after_updates = _closure(updates, _consumers_of)
    gates = list(assertion_ops) + [t.op for t in outputs if t.op not in after_updates]
    gates = list(dict.fromkeys(gates))
    for op in updates:
        missing = [g for g in gates if g is not op and g not in op.control_inputs]
        if missing:
            op._add_control_inputs(missing)
    return len(updates)
