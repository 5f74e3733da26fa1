"""`tf.cond(pred, true_fn, false_fn)` in converted code, its branches the program's own
functions → the branch a Python `if` on a tensor makes (branches.py), each arm a call
of one of them.

Eagerly, tf.cond calls the one function its predicate picks and returns what that
function returned, as it is (tensorflow/python/ops/cond.py, _eager_cond_implementation):
`result = true_fn() if pred else false_fn()`.  Handed to TF's cond_v2, both functions
would be traced as bodies of their own: the branch not taken would still run its Python
(a KeyError it raises, a write, a print) and what comes back would be new tensors, not
the objects the branch returned (the caller's own batch).  As janus's branch, each arm
calls one function under the builder, and what the arms write, print, record on tapes,
raise and return merges as an `if` statement's arms do.  A lambda closing over the
step's variables is called with the call's cells.
"""

import types

import tensorflow as tf

from ..graph.static_values import static_value
from ..values import from_library, is_symbolic
from . import branches

# tf.cond(pred, true_fn=None, false_fn=None, name=None)
_PARAMETERS = ("pred", "true_fn", "false_fn", "name")


def branch_functions(fn, args, kwargs):
    """(pred, true_fn, false_fn) of a `tf.cond` call this module builds, else None: both
    branches are functions of the program, and the predicate is a Python bool or number
    or a tensor (anything else takes eager's own path through TF)."""
    if fn is not tf.cond or len(args) > len(_PARAMETERS) or \
            any(k not in _PARAMETERS[len(args):] for k in kwargs):
        return None
    bound = dict(zip(_PARAMETERS, args), **kwargs)
    pred, true_fn, false_fn = (bound.get(k) for k in _PARAMETERS[:3])
    name = bound.get("name")
    if not (_program_function(true_fn) and _program_function(false_fn)) or \
            not (name is None or type(name) is str):
        return None
    if type(pred) in (bool, int, float) or isinstance(pred, tf.Variable) or \
            is_symbolic(pred) and pred.dtype != tf.string:
        return pred, true_fn, false_fn
    return None


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
