"""`tf.cond(pred, true_fn, false_fn)`, `tf.switch_case(index, branch_fns)` and
`tf.case(pred_fn_pairs)` in converted code, their branches the program's own functions →
the branch a Python `if` on a tensor makes (branches.py), each arm a call of one of them.

Eagerly, tf.cond calls the one function its predicate picks and returns what that
function returned, as it is (tensorflow/python/ops/cond.py, _eager_cond_implementation):
`result = true_fn() if pred else false_fn()`; tf.switch_case calls `branch_fns[i]()`,
an index out of range calling the last (or the default).  Handed to TF's cond_v2, every
function would be traced as a body of its own: a branch not taken would still run its
Python (a KeyError it raises, a write, a print) and what comes back would be new tensors,
not the objects the branch returned (the caller's own batch).  As janus's branch, each
arm calls one function under the builder, and what the arms write, print, record on
tapes, raise and return merges as an `if` statement's arms do (a switch is a chain of
them, and so is a case).  A lambda closing over the step's variables is called with the
call's cells.
"""

import types

import tensorflow as tf

from ..graph.static_values import static_value
from ..values import from_library, is_symbolic
from . import branches

# tf.cond(pred, true_fn=None, false_fn=None, name=None)
_PARAMETERS = ("pred", "true_fn", "false_fn", "name")


def conditional(b, fn, args, kwargs):
    """How to build this call of `fn` as janus's branch (a function of the frame and the
    instruction), or None when TF's own path takes it."""
    found = branch_functions(b, fn, args, kwargs)
    if found is not None:
        return lambda frame, ins: build(frame, ins, *found)
    found = _switch_functions(b, fn, args, kwargs)
    if found is not None:
        return lambda frame, ins: _build_switch(frame, ins, *found)
    found = _case_functions(b, fn, args, kwargs)
    if found is not None:
        return lambda frame, ins: _build_case(frame, ins, *found)
    return None


def branch_functions(b, fn, args, kwargs):
    """(pred, true_fn, false_fn) of a `tf.cond` call this module builds, else None: both
    branches are functions of the program, and the predicate is a Python bool or a
    tensor (anything else takes eager's own path through TF: eagerly a Python number is
    converted to a tensor first, a float to float32, where 1e-50 is False and 1e300
    raises)."""
    bound = _bound(_PARAMETERS, args, kwargs) if fn is tf.cond else None
    if bound is None:
        return None
    pred, true_fn, false_fn = (bound.get(k) for k in _PARAMETERS[:3])
    name = bound.get("name")
    if not (_program_function(true_fn) and _program_function(false_fn)) or \
            not (name is None or type(name) is str):
        return None
    if type(pred) is bool or isinstance(pred, tf.Variable) or is_symbolic(pred) and \
            pred.dtype != tf.string and b.provenance.number_of(pred) is None:
        return pred, true_fn, false_fn
    return None


def _bound(parameters, args, kwargs):
    """{parameter: argument} of a call to a function with these parameters, or None if
    the call does not fit them (TF's own path then raises eager's error)."""
    if len(args) > len(parameters) or any(k not in parameters[len(args):] for k in kwargs):
        return None
    return dict(zip(parameters, args), **kwargs)


def _program_function(fn):
    target = fn.__func__ if isinstance(fn, types.MethodType) else fn
    return isinstance(target, types.FunctionType) and not from_library(target)


def build(frame, ins, pred, true_fn, false_fn):
    """Where the frame goes on after `tf.cond(pred, true_fn, false_fn)` at `ins`: the
    chosen function's result, or the two arms' merged, on the stack."""
    condition = branches.scalar_condition(frame, pred, ins)
    decided = static_value(condition) if is_symbolic(condition) else condition
    if decided is not None:
        # Known now (a Python bool): eager calls only that function, and so does the build.
        frame.push(_called(frame, true_fn if bool(decided) else false_fn, ins))
        return ins.next_offset
    return branches.branch(frame, ins, condition, _arm(true_fn, ins), _arm(false_fn, ins),
                           ins.next_offset)


def _arm(function, ins):
    def enter(sub):
        sub.push(_called(sub, function, ins))
        return ins.next_offset
    return branches.Arm(enter)


def _called(frame, function, ins):
    return frame.b.call(function, (), {}, frame.code, ins.offset)


# tf.switch_case(branch_index, branch_fns, default=None, name="switch_case")
_SWITCH_PARAMETERS = ("branch_index", "branch_fns", "default", "name")


def _switch_functions(b, fn, args, kwargs):
    """(index, actions) of a `tf.switch_case` call this module builds, else None: an
    integer tensor index of one element, and branches (a list of functions, of (key,
    function) pairs, or a dict of them, keys 0..n-1, and a default) all the program's,
    in the order eager's switch_case puts them (tensorflow/python/ops/
    control_flow_switch_case.py)."""
    bound = _bound(_SWITCH_PARAMETERS, args, kwargs) if fn is tf.switch_case else None
    if bound is None:
        return None
    index, branches_given = bound.get("branch_index"), bound.get("branch_fns")
    default, name = bound.get("default"), bound.get("name", "switch_case")
    if not is_symbolic(index) or b.provenance.number_of(index) is not None or \
            not index.dtype.is_integer or \
            index.shape.num_elements() != 1 or not (name is None or type(name) is str):
        return None
    if type(branches_given) is dict:
        pairs = list(branches_given.items())
    elif type(branches_given) in (list, tuple) and branches_given and \
            all(_program_function(f) for f in branches_given):
        pairs = list(enumerate(branches_given))
    elif type(branches_given) in (list, tuple):
        pairs = list(branches_given)
    else:
        return None
    if not pairs or not all(type(p) is tuple and len(p) == 2 and type(p[0]) is int
                            and _program_function(p[1]) for p in pairs):
        return None
    if sorted(p[0] for p in pairs) != list(range(len(pairs))):
        return None
    actions = [f for _, f in sorted(pairs, key=lambda p: p[0])]
    if default is not None:
        if not _program_function(default):
            return None
        actions.append(default)
    return index, actions


def _build_switch(frame, ins, index, actions):
    """`actions[i]()`, i the index clamped as eager's switch_case clamps it (an index out
    of range takes the last): a chain of branches on `i == k`."""
    index = tf.reshape(index, ())
    last = len(actions) - 1
    index = tf.where((index < 0) | (index > last), tf.constant(last, index.dtype), index)
    decided = static_value(index)
    if decided is not None:
        frame.push(_called(frame, actions[int(decided)], ins))
        return ins.next_offset
    return _switch_from(frame, ins, index, actions, 0)


def _switch_from(frame, ins, index, actions, first):
    if first == len(actions) - 1:
        frame.push(_called(frame, actions[first], ins))
        return ins.next_offset
    rest = branches.Arm(lambda sub: _switch_from(sub, ins, index, actions, first + 1))
    return branches.branch(frame, ins, tf.equal(index, first), _arm(actions[first], ins),
                           rest, ins.next_offset)


# tf.case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case")
_CASE_PARAMETERS = ("pred_fn_pairs", "default", "exclusive", "strict", "name")


def _case_functions(b, fn, args, kwargs):
    """(predicates, actions, default, exclusive, strict) of a `tf.case` call this module
    builds, else None: pairs of a bool tensor of one element and a function of the
    program, in a list or tuple (or, with exclusive=True, a dict, in its order: eager
    refuses an unordered one otherwise), and a default of the program or none
    (tensorflow/python/ops/control_flow_case.py, _case_helper)."""
    bound = _bound(_CASE_PARAMETERS, args, kwargs) if fn is tf.case else None
    if bound is None:
        return None
    pairs, default = bound.get("pred_fn_pairs"), bound.get("default")
    exclusive, strict = bound.get("exclusive", False), bound.get("strict", False)
    name = bound.get("name", "case")
    if type(exclusive) is not bool or type(strict) is not bool or \
            not (name is None or type(name) is str):
        return None
    if type(pairs) is dict and exclusive:
        pairs = list(pairs.items())
    elif type(pairs) in (list, tuple):
        pairs = list(pairs)
    else:
        return None
    if not pairs or not all(
            type(p) is tuple and len(p) == 2 and is_symbolic(p[0]) and
            p[0].dtype == tf.bool and p[0].shape.num_elements() == 1 and
            b.provenance.number_of(p[0]) is None and _program_function(p[1])
            for p in pairs):
        return None
    if default is None and len(pairs) == 1 or \
            default is not None and not _program_function(default):
        return None         # (eager's default of one pair stacks no predicates: raises)
    return [tf.reshape(p, ()) for p, _ in pairs], [f for _, f in pairs], default, \
        exclusive, strict


def _build_case(frame, ins, predicates, actions, default, exclusive, strict):
    """Eager's case: a chain of tf.cond calls, the first true predicate's function
    called.  Its asserts run before any function: exclusive=True raises if more than one
    predicate is true, and with no default the last pair is the default, which raises
    if its predicate is false too; a call that would raise runs in the interpreter.
    With strict=False each cond of the chain unpacks a result of one item (a list or
    tuple `[x]` gives x): the i-th function's result i + 1 times, the default's as
    often as there are conds."""
    b = frame.b
    count = tf.add_n([tf.cast(p, tf.int32) for p in predicates])
    if exclusive:
        b.assume(count <= 1, (frame.code, ins.offset), raises=True)
    if default is None:
        b.assume(count >= 1, (frame.code, ins.offset), raises=True)
        default, predicates, actions = actions[-1], predicates[:-1], actions[:-1]
    return _case_from(frame, ins, predicates, actions, default, strict, 0)


def _case_from(frame, ins, predicates, actions, default, strict, first):
    if first == len(predicates):
        frame.push(_unpacked(_called(frame, default, ins), 0 if strict else first))
        return ins.next_offset

    def enter(sub):
        sub.push(_unpacked(_called(sub, actions[first], ins), 0 if strict else first + 1))
        return ins.next_offset
    rest = branches.Arm(lambda sub: _case_from(sub, ins, predicates, actions, default,
                                               strict, first + 1))
    return branches.branch(frame, ins, predicates[first], branches.Arm(enter), rest,
                           ins.next_offset)


def _unpacked(result, times):
    """cond's _UnpackIfSingleton, `times` over."""
    for _ in range(times):
        if isinstance(result, (list, tuple)) and len(result) == 1:
            result = result[0]
    return result
