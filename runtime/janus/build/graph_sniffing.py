"""Keras code that behaves otherwise on a graph tensor than on an eager one → made to
behave as for the eager tensor the build's tensor stands for, while janus builds.

- Keras' TensorFlow backend takes the logits back from a probability tensor made by a
  Sigmoid or Softmax op (`nn._get_logits`: `output.op.type`, or the `_keras_logits` its
  activations attach to a graph tensor) and computes a cross-entropy from them.  An
  eager tensor has no op, so eager clips the probabilities instead (it does take the
  `_keras_logits` attribute): other numbers, and with `from_logits=True` on a sigmoid's
  output a loss computed from another input.  While janus builds, `_get_logits`
  answers as for an eager tensor, for tensors of janus's graph (a tf.function of
  Keras' traced inside the build sniffs, as eager's trace of it does).
- Keras' preprocessing layers (Resizing, Rescaling's DataLayer, the random image
  layers) ask `backend_utils.in_tf_graph()`, which is `not tf.executing_eagerly()`, and
  take a path for tf.data pipelines when it says yes (Resizing of an int image then
  stays float, where eagerly it rounds back to int).  While janus builds its own graph
  it answers as eagerly.
- `numpy.max`/`numpy.min` (keras.ops.max/min) check that the input is not empty only
  `if tf.executing_eagerly()`: while janus builds, the same check is made in the graph
  (a failing call goes to the interpreter, which raises eager's error).
- TF's vectorized loops (`parallel_for.control_flow_ops.pfor`: tf.vectorized_map,
  keras.ops.vectorized_map, GradientTape.jacobian and batch_jacobian) run, when called
  eagerly, as a tf.function of their own: eager's numbers are that function's, with
  TF's graph rewrites (`log(1 + exp(x))` fused otherwise), and each call traces anew,
  which TF's retracing warnings report through its logger.  A janus graph would inline
  the loop without either: while janus builds its own graph, such a loop is refused and
  the call runs in the interpreter.  (A tf.function TF traces inside the build inlines
  the loop as eager's trace of it does.)
- TF's `log_first_n` and `log_every_n` (tf_logging: a warning TF gives at the first n
  calls of a line, as `tape.watch` of an integer tensor does) count the calls of each
  line in TF's table: eager logs, through the program's handlers too, at the calls the
  count picks.  A graph would log at none.  While janus builds its own graph, a
  `log_first_n` whose count is still below n is not yet buildable (NotYet: the
  interpreter runs the call and logs); past n it logs at no later call either, and the
  build goes on.  `log_every_n` logs again every n calls: refused.
- `tf.einsum` of three operands or more asks opt_einsum for the order of its pairwise
  contractions, from the operands' static shapes, taking an unknown dimension for 1:
  with a dimension janus relaxed it may contract in another order than eager, which
  rounds otherwise.  Keras' TensorFlow einsum of two operands takes matmul and reshape
  for some equations, but only when the operands' shapes are fully known, and
  tf.einsum otherwise.  A build where either meets a dimension janus relaxed asks for
  exact shapes (NeedsExactShapes): one graph per shape, as tf.function traces.
- An eager `tf.TensorArray` changes in place: `write`, `scatter`, `unstack` and `split`
  return the array itself, so `ta.write(i, v)` without `ta =` still writes.  A graph's
  returns a new array and leaves the old one as it was.  While janus builds, the
  program's calls of them (made from the builder) change the array in place too;
  TF's and Keras' own graph code, which rebinds, gets the graph's behaviour.

Keras' `_get_logits`, max/min and TF's `pfor` are replaced by wrappers, once, at the
first build, before any graph exists (replacing a library function marks every graph
stale: janus_ext watch_library_code).  The others are entry functions on the library
function's code (janus_ext.set_entry, `on_entry`): they answer only while janus builds
its own graph, and outside builds the call runs with no frame of janus's on its stack,
so a traceback or logging's "Call stack:" shows eager's frames.
"""

import functools
import inspect
import os
import sys
import threading
import warnings

import tensorflow as tf
from tensorflow.python.ops import special_math_ops, tensor_array_ops, while_loop
from tensorflow.python.ops.parallel_for import control_flow_ops
from tensorflow.python.platform import tf_logging

import janus_ext

from ..errors import NeedsExactShapes, NotYet, Unsupported
from ..frontend import bytecode
from . import program_functions, unrolled_loops

DECLINE = janus_ext.DECLINE

_hooked = []        # [True] once Keras' are set
_tf_hooked = []     # [True] once TF's are set


def hook():
    if not _tf_hooked:
        _tf_hooked.append(True)
        control_flow_ops.pfor = _refused_while_building(control_flow_ops.pfor)
        on_entry(tf_logging._GetNextLogCountPerToken, _counted_logging)
        on_entry(special_math_ops._einsum_v2, _exact_shapes("tf.einsum", operands=3))
        on_entry(while_loop.while_loop, unrolled_loops.entry)
        for name in ("write", "scatter", "unstack", "split"):
            method = inspect.unwrap(getattr(tensor_array_ops.TensorArray, name))
            on_entry(method, functools.partial(_in_place, method))
    if _hooked:
        return
    nn = sys.modules.get("keras.src.backend.tensorflow.nn")
    numpy_ops = sys.modules.get("keras.src.backend.tensorflow.numpy")
    backend_utils = sys.modules.get("keras.src.utils.backend_utils")
    if nn is None or numpy_ops is None or backend_utils is None:
        return
    _hooked.append(True)
    on_entry(backend_utils.in_tf_graph, _eager_answer_in_tf_graph)
    original_logits = nn._get_logits

    @functools.wraps(original_logits)
    def get_logits(output, from_logits, op_type, fn_name):
        if not program_functions.builds_graph_of(output):
            return original_logits(output, from_logits, op_type, fn_name)
        # Eager's answer: the logits Keras' activation attached (an eager tensor takes
        # the attribute too), never the op's input (an eager tensor has no op).
        if not hasattr(output, "_keras_logits"):
            return output, from_logits
        if from_logits:
            warnings.warn(
                f'"`{fn_name}` received `from_logits=True`, but '
                f"the `output` argument was produced by a {op_type} "
                "activation and thus does not represent logits. "
                "Was this intended?",
                stacklevel=2,
            )
        return output._keras_logits, True

    nn._get_logits = get_logits
    for name in ("max", "min"):
        setattr(numpy_ops, name, _checked_reduction(getattr(numpy_ops, name), name))
    on_entry(numpy_ops.einsum, _exact_shapes("keras.ops.einsum", operands=2))


def _checked_reduction(original, name):
    @functools.wraps(original)
    def reduction(x, axis=None, keepdims=False, initial=None):
        if initial is None and program_functions.builds_graph_of(x):
            size = tf.size(x)
            tf.debugging.assert_greater(
                size, tf.constant(0, dtype=size.dtype),
                message=f"Cannot compute the {name} of an empty tensor.")
        return original(x, axis=axis, keepdims=keepdims, initial=initial)
    return reduction


def _refused_while_building(original):
    @functools.wraps(original)
    def pfor(loop_fn, iters, *args, **kwargs):
        if program_functions.building_own_graph():
            raise Unsupported(
                "a vectorized loop (tf.vectorized_map, keras.ops.vectorized_map, "
                "GradientTape.jacobian or batch_jacobian): eagerly TF runs it as a "
                "tf.function of its own, with TF's graph rewrites, which round "
                "differently, and its retracing warnings")
        return original(loop_fn, iters, *args, **kwargs)
    return pfor


_through = threading.local()     # .depth: entries calling their own function


def on_entry(function, while_building):
    """Each call of the library `function` asks while_building(args) first, while janus
    builds its own graph on this thread (args: its parameters, as janus_ext gives
    them); what that returns is the call's result, DECLINE runs the call as it is."""
    code = inspect.unwrap(function).__code__    # (a decorator's code is shared)
    names = bytecode.argument_names(code)
    count = len(names)

    def enter(args):
        if getattr(_through, "depth", 0) or not program_functions.building_own_graph():
            return DECLINE
        return while_building(args[:count])       # (without the cells of free names)
    janus_ext.set_entry(code, enter, names)


def call_through(function, *args):
    """Call `function` from its own entry: the entry declines meanwhile."""
    _through.depth = getattr(_through, "depth", 0) + 1
    try:
        return function(*args)
    finally:
        _through.depth -= 1


def _counted_logging(args):
    # The line eager counts: where the build runs the program's call of TF's function,
    # the frame TF finds is the builder's.
    token = program_functions.library_caller(*args[0])
    caller = sys._getframe(3)         # the entry, _GetNextLogCountPerToken, its caller
    where = f"TensorFlow's warning for {os.path.basename(token[0])}:{token[1]}"
    if caller.f_code is not tf_logging.log_first_n.__code__:
        raise Unsupported(f"{where} is logged every n calls (log_every_n): eager counts "
                          "the calls and logs at every n-th, a graph would not")
    n = caller.f_locals["n"]
    if tf_logging._log_counter_per_token.get(token, -1) + 1 < n:
        raise NotYet(f"{where} is logged at its first {n} calls (log_first_n): eager "
                     "logs it at this call, a graph would not")
    return call_through(tf_logging._GetNextLogCountPerToken, token)


def _exact_shapes(shown, operands):
    """An einsum's entry refusing operands of shapes janus relaxed when called with
    `operands` of them or more (its parameters: the equation, the operands, the
    keywords)."""
    def check(args):
        equation, inputs = args[0], args[1]
        if len(inputs) >= operands and any(
                not tf.TensorShape(getattr(operand, "shape", None)).is_fully_defined()
                for operand in inputs):
            raise NeedsExactShapes(
                f"{shown}({equation!r}) of {len(inputs)} operands with a dimension that "
                "varies between calls: TF and Keras pick how to contract from the "
                "operands' shapes")
        return DECLINE
    return check


_TF_UTIL = os.path.join(os.path.dirname(tf_logging.__file__), "..", "util")
_TF_UTIL = os.path.normpath(_TF_UTIL) + os.sep


def _in_place(method, args):
    # The program's call, made by the builder (frames: this, the entry, the method, then
    # TF's decorators around it, then its caller).
    caller = sys._getframe(3)
    while caller is not None and caller.f_code.co_filename.startswith(_TF_UTIL):
        caller = caller.f_back
    if caller is None or not caller.f_code.co_filename.startswith(
            program_functions.JANUS_DIRECTORY):
        return DECLINE
    self = args[0]
    result = call_through(method, *args)
    if type(result) is not tensor_array_ops.TensorArray or result is self:
        return result
    if self.flow.graph is tf.compat.v1.get_default_graph():
        self._implementation = result._implementation
        return self
    # An array from outside the loop or branch on a tensor the call runs in: its value
    # there is the loop's or the branch's own (`ta = ta.write(...)` carries it), and an
    # array changed in place would leak the inner graph's tensor.
    if program_functions.library_result_dropped():
        raise Unsupported(f"TensorArray.{method.__name__}() whose result the step drops, "
                          "inside a loop or branch on a tensor, on an array made outside "
                          "it: eager changes the array itself")
    return result


def _eager_answer_in_tf_graph(args):
    global_state = sys.modules["keras.src.backend.common.global_state"]
    return bool(global_state.get_global_attribute("in_tf_graph_scope", False))
