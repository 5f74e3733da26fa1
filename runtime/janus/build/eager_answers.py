"""TF functions whose eager call answers otherwise than their call in a graph → the
program's call in a step being built gets eager's answer.

janus runs TF's Python in graph mode while it builds, and some of TF's functions look
at `executing_eagerly()` and answer differently there, in ways the program can see:

- no `tf.Operation` exists eagerly: tf.group, tf.no_op, the asserts and
  `v.assign(x, read_value=False)` return None (without_operations);
- tf.control_dependencies orders nothing eagerly (every op has run), tf.tuple gives
  back the list it was given and with_dependencies its tensor (_ANSWERS);
- the functions for graphs only (tf.parallel_stack, tf.gradients, the TF1 placeholders
  and metrics) raise eagerly, an error the program may catch (_graph_only);
- tf.while_loop returns what its body returned last, a graph packs the result as the
  loop variables it was given (same_containers).

Only the program's own calls, made by the builder, are answered so; TF's and Keras' own
graph code keeps the graph's answers it relies on.  Library code that decides on the
graph's answers inside a call (a gradient function's `executing_eagerly()`) is TF's own
graph round-off, which tf.function shares.
"""

import functools

import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework import ops
from tensorflow.python.ops import control_flow_ops

from ..errors import Thrown, Unsupported


@functools.cache
def _graph_only() -> frozenset:
    """TF's functions for graphs only, which raise when called eagerly before they do
    anything: tf.parallel_stack, tf.gradients, tf.hessians, the TF1 placeholders,
    tf.compat.v1.metrics."""
    v1 = tf.compat.v1
    found = {tf.parallel_stack, tf.gradients, tf.hessians, v1.gradients, v1.hessians,
             v1.placeholder, v1.sparse_placeholder, v1.add_check_numerics_ops}
    found.update(getattr(v1.metrics, name) for name in dir(v1.metrics)
                 if not name.startswith("_"))
    return frozenset(found)


def _raised_eagerly(fn, args, kwargs, code, offset):
    """What a graph-only function raises eagerly (the program may catch it and take
    another way), asked of the function itself in eager mode: it raises before it
    reads its arguments."""
    try:
        with context.eager_mode():
            fn(*args, **kwargs)
    except RuntimeError as exc:
        if "eager" in str(exc):
            raise Thrown(exc, code, offset) from None
    except Exception:
        pass
    raise Unsupported(f"{fn.__qualname__}(), which TF runs only in graphs, in the step",
                      code, offset)


def without_operations(result):
    """Eagerly TF makes no Operation: what returns one in a graph (tf.group, an assert,
    tf.no_op, `v.assign(x, read_value=False)`) returns None, its op having run.  The
    graph keeps the op (automatic control dependencies run every stateful op in the
    program's order)."""
    if isinstance(result, tf.Operation):
        return None
    if type(result) in (list, tuple) and any(isinstance(r, tf.Operation) for r in result):
        return type(result)(None if isinstance(r, tf.Operation) else r for r in result)
    return result


def _eager_control_dependencies(args, kwargs, code, offset):
    """Eagerly `tf.control_dependencies(inputs)` calls the callables among them and
    orders nothing (every op has run); the graph orders the step's stateful ops as the
    program made them."""
    inputs = args[0] if args else kwargs.get("control_inputs")
    if inputs and any(callable(i) for i in inputs):
        raise Unsupported("tf.control_dependencies() given a callable in the step",
                          code, offset)
    return ops.NullContextmanager()


def _given_back(index, name):
    """Eagerly the function returns its argument `index` (`name`) itself: tf.tuple its
    list, with_dependencies its tensor (every op has run)."""
    def given(args, kwargs, code, offset):
        return args[index] if len(args) > index else kwargs[name]
    return given


_ANSWERS = {
    tf.control_dependencies: _eager_control_dependencies,
    tf.tuple: _given_back(0, "tensors"),
    control_flow_ops.with_dependencies: _given_back(1, "output_tensor"),
}


def answer(fn):
    """How eager answers the program's call of `fn` where a graph would answer
    otherwise, as a function of (args, kwargs, code, offset); None for the rest."""
    if fn in _graph_only():
        return functools.partial(_raised_eagerly, fn)
    return _ANSWERS.get(fn)


def body_noted(args, kwargs):
    """tf.while_loop's arguments with its body noting what it returns."""
    returned = []
    body = args[1] if len(args) > 1 else kwargs["body"]

    def noted_body(*loop_vars):
        result = body(*loop_vars)
        returned.append(result)
        return result
    if len(args) > 1:
        args = (args[0], noted_body, *args[2:])
    else:
        kwargs = {**kwargs, "body": noted_body}
    return args, kwargs, returned


def same_containers(args, kwargs, body_returned, code, offset):
    """Eagerly tf.while_loop returns what its body returned last, or its loop_vars
    when it ran no iteration; a graph packs the result as loop_vars: the same only
    where the body returns the containers it was given."""
    loop_vars = args[2] if len(args) > 2 else kwargs["loop_vars"]
    try:
        for returned in body_returned:
            tf.nest.assert_same_structure(loop_vars, returned, check_types=True)
    except (TypeError, ValueError):
        raise Unsupported("tf.while_loop whose body returns its loop variables in other "
                          "containers than it was given (a tuple for a list): eager "
                          "returns the body's, a graph the given ones", code, offset) \
            from None
