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
  loop variables it was given (same_containers);
- `back_prop=False` of tf.while_loop, tf.scan, tf.map_fn and the folds is a graph's
  (its loop's outputs are cut from the gradient); eagerly the loop is Python's and the
  tape records every op: the program's call is made with `back_prop=True`
  (eager_arguments);
- Python numbers among a while loop's variables (`tf.while_loop`, `keras.ops.while_loop`
  and `fori_loop`) stay Python numbers eagerly, where a graph's loop makes them int32
  or float32 tensors, and the loop gives them back as such: refused (loop_numbers);
- checks TF makes only eagerly (`tf.image.adjust_hue`'s delta in [-1, 1]) are made on
  the build's Python values, raising eager's error (eager_arguments);
- stack() of a TensorArray made with no full element shape is an empty vector eagerly
  after no write, where a graph's has the shape its writes in a loop gave it: checked
  in the graph (_stack_shape_checked).

Only the program's own calls, made by the builder, are answered so; TF's and Keras' own
graph code keeps the graph's answers it relies on.  Library code that decides on the
graph's answers inside a call (a gradient function's `executing_eagerly()`) is TF's own
graph round-off, which tf.function shares.
"""

import functools
import inspect
import sys
import types

import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework import ops
from tensorflow.python.ops import control_flow_ops

from ..errors import Thrown, Unsupported
from ..values import is_symbolic
from . import purity


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


def after_call(b, fn, result):
    """What the program gets back from a library call made in the graph: without
    operations (below); a TensorArray it makes with no full element shape noted
    (_stack_shape_checked)."""
    if fn is tf.TensorArray and isinstance(result, tf.TensorArray):
        shape = getattr(result._implementation, "_element_shape", None)
        if type(shape) is list and not shape[0].is_fully_defined():
            # The list every TensorArray built from this one shares (a loop's, after
            # its writes: tensor_array_ops.build_ta_with_new_flow).
            b.provenance.keep(shape)
            b.unshaped_arrays.add(id(shape))
    return without_operations(result)


def _stack_shape_checked(b, args, kwargs, code, offset):
    """stack() of a TensorArray the step made with no full element shape: eagerly, after
    no write, an empty vector (shape (0,), tensor_array_ops._EagerTensorArray.stack); a
    graph's writes in a loop body give the array their shape, which stack() after none
    keeps ((0, 2)).  Checked in the graph: a call that wrote nothing runs in the
    interpreter."""
    shape = getattr(args[0]._implementation, "_element_shape", None)
    if type(shape) is list and id(shape) in b.unshaped_arrays and \
            shape[0].is_fully_defined():
        b.check(args[0].size() > 0, "stack() of a TensorArray a write gave its element "
                "shape (eagerly, after none, an empty vector)")


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


def _listable(fn) -> bool:
    """Functions the tables here can name: looking a bound method up hashes its object
    (a tf.Variable's assign: unhashable)."""
    return type(fn) is types.FunctionType or (
        type(fn) is types.MethodType and type(fn.__func__) is types.FunctionType and
        isinstance(fn.__self__, (tf.GradientTape, tf.TensorArray)))


def answer(fn):
    """How eager answers the program's call of `fn` where a graph would answer
    otherwise, as a function of (args, kwargs, code, offset); None for the rest."""
    if not _listable(fn):
        return None
    if fn in _graph_only():
        return functools.partial(_raised_eagerly, fn)
    return _ANSWERS.get(fn)


@functools.cache
def _ignoring_back_prop() -> frozenset:
    return frozenset((tf.while_loop, tf.scan, tf.map_fn, tf.foldl, tf.foldr,
                      tf.compat.v1.while_loop, tf.compat.v1.scan, tf.compat.v1.map_fn,
                      tf.compat.v1.foldl, tf.compat.v1.foldr))


def _hue_delta_checked(b, args, kwargs, code, offset):
    delta = args[1] if len(args) > 1 else kwargs.get("delta")
    if isinstance(delta, (bool, int, float)):
        if delta < -1 or delta > 1:
            raise Thrown(ValueError("delta must be in the interval [-1, 1]"), code, offset)
    elif b.provenance.number_of(delta) is not None:
        # A Python number the graph carries: checked in the graph; a call outside the
        # range runs in the interpreter, which raises eager's error.
        b.check(tf.logical_and(delta >= -1, delta <= 1),
                "tf.image.adjust_hue()'s delta in [-1, 1] (TF checks it eagerly)")
    else:
        raise Unsupported("tf.image.adjust_hue() with a tensor delta: TF checks its range "
                          "only eagerly", code, offset)


def _jacobian_tape_checked(name):
    """GradientTape.jacobian/batch_jacobian with experimental_use_pfor=False: eagerly a
    tape that is not persistent raises (it is asked for one gradient per row)."""
    def check(b, args, kwargs, code, offset):
        tape = args[0]
        bound = inspect.signature(getattr(tf.GradientTape, name)).bind_partial(
            *args, **kwargs)
        if bound.arguments.get("experimental_use_pfor", True) is False and \
                not tape._persistent:
            raise Thrown(RuntimeError(
                "GradientTape must be created with persistent=True to compute the "
                f"{name} with eager execution enabled and with  experimental_use_pfor "
                "set to False."), code, offset)
    return check


def _static_value_refused(b, args, kwargs, code, offset):
    if any(is_symbolic(v) for v in (*args, *kwargs.values())):
        raise Unsupported("tf.get_static_value() of a tensor the graph computes: eager "
                          "gives its value, a graph None", code, offset)


_EAGER_CHECKS = {
    tf.get_static_value: _static_value_refused,
    tf.image.adjust_hue: _hue_delta_checked,
    tf.GradientTape.jacobian: _jacobian_tape_checked("jacobian"),
    tf.GradientTape.batch_jacobian: _jacobian_tape_checked("batch_jacobian"),
    tf.TensorArray.stack: _stack_shape_checked,
}


@functools.cache
def _loops() -> dict:
    """Loops that run in Python eagerly: where each finds its variables (argument index,
    name) among its parameters."""
    found = {tf.while_loop: (2, "loop_vars"), tf.compat.v1.while_loop: (2, "loop_vars")}
    ops = sys.modules.get("keras.src.ops.core")
    if ops is not None:
        found[ops.while_loop] = (2, "loop_vars")
        found[ops.fori_loop] = (3, "init_val")
    return found


def calls_back_only_during(fn) -> bool:
    """A loop that calls the functions it is given only while it runs (and keeps none):
    the program's closures over the step's variables may be handed to it, the builder
    running them as library code's callbacks (purity.py)."""
    return _listable(fn) and (fn in _loops() or fn in (tf.map_fn, tf.scan, tf.foldl,
                                                       tf.foldr))


def _loop_numbers(b, fn, args, kwargs, code, offset):
    place = _loops().get(fn) if _listable(fn) else None
    if place is None:
        return
    index, name = place
    loop_vars = args[index] if len(args) > index else kwargs.get(name)
    for value in tf.nest.flatten(loop_vars):
        if type(value) in (bool, int, float) or (
                tf.is_tensor(value) and b.provenance.number_of(value) is not None):
            raise Unsupported(f"a Python number among the variables of {fn.__qualname__}():"
                              " eagerly the loop is Python's and keeps it a Python number; "
                              "a graph's makes it an int32 or float32 tensor", code, offset)


def eager_arguments(b, fn, args, kwargs, code, offset):
    """The arguments with which the graph's call does what eager's does, after the
    checks eager alone makes."""
    _loop_numbers(b, fn, args, kwargs, code, offset)
    if not _listable(fn):
        return args, kwargs
    if type(fn) is types.MethodType:
        check = _EAGER_CHECKS.get(fn.__func__)
        if check is not None:
            check(b, (fn.__self__, *args), kwargs, code, offset)
    else:
        check = _EAGER_CHECKS.get(fn)
        if check is not None:
            check(b, args, kwargs, code, offset)
    if fn not in _ignoring_back_prop():
        return args, kwargs
    try:
        bound = inspect.signature(fn).bind_partial(*args, **kwargs)
    except TypeError:
        return args, kwargs            # TF raises it, as eagerly
    if bound.arguments.get("back_prop", True) is not False:
        return args, kwargs
    bound.arguments["back_prop"] = True
    return bound.args, bound.kwargs


def _branches_given(fn, args, kwargs):
    """Where tf.cond / tf.switch_case find their branch functions: (place, functions),
    place an argument index or keyword name."""
    if fn is tf.cond or fn is tf.compat.v1.cond:
        return [(1, "true_fn"), (2, "false_fn")]
    if fn is tf.switch_case:
        return [(1, "branch_fns")]
    return []


def branches_checked(b, fn, args, kwargs, code, offset):
    """The arguments of tf.cond or tf.switch_case with each branch function run by the
    builder (`b.call`: a function of the program is interpreted, its reads guarded and
    a tensor it reads from the heap read at each call, as eager runs the branch taken at
    every call) and refusing a tf.Variable among what it returns: eagerly the step gets
    the branch's own objects (the variable), a graph's branch an output tensor."""
    places = _branches_given(fn, args, kwargs)
    if not places:
        return args, kwargs
    args, kwargs = list(args), dict(kwargs)

    def checked(branch):
        if not callable(branch):
            return branch

        def run():
            result = purity.handed_to_library_body(
                b, b.call(branch, (), {}, code, offset),
                getattr(branch, "__qualname__", f"a branch of {fn.__name__}()"))
            if any(isinstance(v, tf.Variable) for v in tf.nest.flatten(result)):
                raise Unsupported(f"a branch of {fn.__name__}() returns a tf.Variable: "
                                  "eagerly the step gets the variable, a graph's branch "
                                  "its value", code, offset)
            return result
        return run

    for index, name in places:
        where = (args, index) if len(args) > index else (kwargs, name)
        if where[0] is kwargs and name not in kwargs:
            continue
        value = where[0][where[1]]
        if isinstance(value, (list, tuple)):
            value = type(value)(checked(f) for f in value)
        elif isinstance(value, dict):
            value = {k: checked(f) for k, f in value.items()}
        else:
            value = checked(value)
        where[0][where[1]] = value
    return tuple(args), kwargs


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
