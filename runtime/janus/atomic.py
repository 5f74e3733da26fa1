"""A built graph's state updates → gated on every assumption and output: all or nothing.

Automatic control dependencies only order ops that touch the same resource, so a failing
in-graph assertion does not stop an unrelated variable update (DESIGN.md, measured).
Here every state-changing op gets explicit control inputs from every assertion and from
every output that does not itself depend on an update: if any of them fails, no update
has run.  An assertion that reads state already updated in the same call would make a
cycle; such a graph is refused and the call stays in the interpreter.
"""

from tensorflow.python.framework import auto_control_deps

# Ops that only read state, or are the assertions themselves: never gated.
NOT_UPDATES = frozenset({"Assert", "ReadVariableOp", "VarHandleOp", "VariableShape",
                         "ResourceGather", "ResourceGatherNd", "NoOp", "Placeholder"})


class CycleError(Exception):
    pass


def state_updates(graph):
    return [op for op in graph.get_operations()
            if auto_control_deps.op_is_stateful(op) and op.type not in NOT_UPDATES]


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
