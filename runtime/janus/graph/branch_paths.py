"""Which of a gradient's sources the target reaches on the path a call takes through its
branches on tensors (If ops), in the graph being built.

Eagerly a branch runs one arm, and the tape records that arm's ops only: the gradient of
a variable or watched tensor that only the other arm uses is None (and a variable only
one arm gathers from gets IndexedSlices on one path, nothing on the other).  A graph's
If op has a gradient for every input of either arm, zeros for the arm not run.  So for
each source that the target reaches only through some arms, `reached_on_path` gives a
bool tensor: whether the arms the call takes lead to it.  build/arm_tapes.py checks it
in the graph (where it is false, the interpreter runs the call and gets eager's None).
A source reached through an input that an arm uses only on some of its own inner paths
is not followed (NotFollowed).
"""

import tensorflow as tf

_IF_OPS = ("If", "StatelessIf")
_WHILE_OPS = ("While", "StatelessWhile")


class NotFollowed(Exception):
    pass


def _branch_graphs(op):
    return getattr(op, "_true_graph", None), getattr(op, "_false_graph", None)


def _used_inputs(op):
    """Per arm of an If op, the indexes of its inputs (after the predicate) the arm uses."""
    return [{i for i, t in enumerate(g.inputs) if t.consumers()}
            for g in _branch_graphs(op)]


def never_completes(graph):
    """Mark `graph`, an arm of a branch in a loop body, as one no call that completes
    took (it leaves the loop for a `raise` the graph asserts against): whatever it
    does not reach, a completed call's gradients are not missing it."""
    graph._janus_never_completes = True


def _sure_inputs(graph, cache, loop_body=False):
    """Indexes of `graph.inputs` (a branch's, or a loop body's) that reach its outputs on
    every run of it.  A loop body hands each loop variable it leaves alone (a captured
    variable's handle, above all) straight to its output for the next pass: that is no
    use of it, and is not followed."""
    key = id(graph)
    if getattr(graph, "_janus_never_completes", False):
        return frozenset(range(len(graph.inputs)))
    if key not in cache:
        cache[key] = frozenset()          # a graph that reaches itself: nothing sure
        outputs = graph.outputs
        if loop_body:
            outputs = [out for i, out in enumerate(outputs)
                       if i >= len(graph.inputs) or _source(out) is not graph.inputs[i]]
        _, sure = _reach(outputs, cache)
        cache[key] = frozenset(i for i, t in enumerate(graph.inputs) if id(t) in sure)
    return cache[key]


def _source(tensor):
    """`tensor` before the Identity ops that pass it on."""
    while tensor.op.type == "Identity":
        tensor = tensor.op.inputs[0]
    return tensor


def _reach(targets, cache):
    """(ids of the tensors `targets` depend on, ids of those they depend on whatever the
    branches on tensors among them take)."""
    reached, sure = set(), set()
    work = [(t, True) for t in targets]
    while work:
        tensor, certain = work.pop()
        if id(tensor) in (sure if certain else reached):
            continue
        reached.add(id(tensor))
        if certain:
            sure.add(id(tensor))
        op = tensor.op
        if op.type in _WHILE_OPS and getattr(op, "_body_graph", None) is not None:
            # What the loop's body uses is reached only when it runs at all.
            work.extend((inner, False) for inner in op.inputs)
            continue
        if op.type in _IF_OPS and None not in _branch_graphs(op):
            true_graph, false_graph = _branch_graphs(op)
            both = _sure_inputs(true_graph, cache) & _sure_inputs(false_graph, cache)
            for i, inner in enumerate(op.inputs[1:]):
                work.append((inner, certain and i in both))
            continue
        for inner in op.inputs:
            work.append((inner, certain))
    return reached, sure


def _either(a, b):
    if a is True or b is True:
        return True
    return b if a is None else tf.logical_or(a, b)


def _both(a, b):
    return b if a is True else a if b is True else tf.logical_and(a, b)


def _ops_from(targets):
    """The ops `targets` depend on, each after every op that consumes it among them."""
    order, seen = [], set()
    stack = [(t.op, False) for t in targets]
    while stack:
        op, done = stack.pop()
        if done:
            order.append(op)
            continue
        if id(op) in seen:
            continue
        seen.add(id(op))
        stack.append((op, True))
        stack.extend((t.op, False) for t in op.inputs if id(t.op) not in seen)
    return order[::-1]            # consumers first


def reached_on_path(graph, targets, sources):
    """[(source, bool tensor)] for each of `sources` (tensors, or variables: their
    handles as `graph` captured them) that `targets` reach only through some arms of
    branches on tensors: whether the arms taken reach it."""
    internal = {id(external): inner for external, inner in graph.captures}
    as_tensor = []
    for source in sources:
        handle = getattr(source, "handle", None)
        as_tensor.append(internal.get(id(handle), handle) if handle is not None else source)
    cache = {}
    reached, sure = _reach(targets, cache)
    wanted = [(s, t) for s, t in zip(sources, as_tensor)
              if t is not None and id(t) in reached and id(t) not in sure]
    if not wanted:
        return []
    flags = {id(t): True for t in targets}
    leads = _downstream([t for _, t in wanted])
    with graph.as_default():
        for op in _ops_from(targets):
            flag = None
            for out in op.outputs:
                if id(out) in flags:
                    flag = _either(flag, flags[id(out)])
            if flag is None:
                continue
            if op.type in _WHILE_OPS and getattr(op, "_body_graph", None) is not None:
                _through_loop(op, flag, flags, cache, leads)
                continue
            if op.type in _IF_OPS and None not in _branch_graphs(op):
                pred = op.inputs[0]
                sure_sets = [_sure_inputs(g, cache) for g in _branch_graphs(op)]
                used = _used_inputs(op)
                for i, inner in enumerate(op.inputs[1:]):
                    if i in sure_sets[0] and i in sure_sets[1]:
                        taken = flag
                    elif i in sure_sets[0] and i not in used[1]:
                        taken = _both(flag, pred)
                    elif i in sure_sets[1] and i not in used[0]:
                        taken = _both(flag, tf.logical_not(pred))
                    elif i not in used[0] and i not in used[1]:
                        continue
                    else:
                        raise NotFollowed(op.name)
                    flags[id(inner)] = _either(flags.get(id(inner)), taken)
                continue
            for inner in op.inputs:
                flags[id(inner)] = _either(flags.get(id(inner)), flag)
    return [(s, flags.get(id(t), False)) for s, t in wanted]


def _downstream(tensors):
    """Ids of `tensors` and of every tensor computed from them (in their graph)."""
    seen, work = set(), list(tensors)
    while work:
        tensor = work.pop()
        if id(tensor) in seen:
            continue
        seen.add(id(tensor))
        work.extend(out for consumer in tensor.consumers() for out in consumer.outputs)
    return seen


def _through_loop(op, flag, flags, cache, leads):
    """Flags of a While op's inputs: an input the body uses on every pass is reached if
    the loop ran at least once; a loop variable is also its own output after no pass.
    An input that leads to a source (`leads`) and that the body uses on some passes
    only (in an arm of a branch in it) is not followed."""
    ran = tf.greater(op.outputs[0], 0)        # while_v2's first output: the passes made
    body = op._body_graph
    sure = _sure_inputs(body, cache, loop_body=True)
    for i, inner in enumerate(op.inputs):
        taken = None
        if id(op.outputs[i]) in flags:
            taken = _both(flags[id(op.outputs[i])], tf.logical_not(ran))
        if i in sure:
            taken = _either(taken, _both(flag, ran))
        elif id(inner) in leads and i < len(body.inputs) and body.inputs[i].consumers():
            raise NotFollowed(op.name)
        if taken is not None:
            flags[id(inner)] = _either(flags.get(id(inner)), taken)


def while_op_of(value):
    """The While op that gives back `value` (a loop variable after the loop, maybe
    through Identity ops), or None."""
    if not isinstance(value, tf.Tensor) or not hasattr(value, "op"):
        return None
    op = _source(value).op
    return op if op.type in _WHILE_OPS else None


def one_arm_reads(graph):
    """Whether a branch on a tensor in `graph` has an arm reading a variable (a resource
    input) the other arm does not read."""
    for op in graph.get_operations():
        if op.type not in _IF_OPS or None in _branch_graphs(op):
            continue
        used = _used_inputs(op)
        for i in used[0] ^ used[1]:
            if op.inputs[1 + i].dtype.name == "resource":
                return True
    return False
