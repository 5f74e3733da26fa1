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

The hooks are set once, at the first build, before any graph exists (replacing a
library function marks every graph stale: janus_ext watch_library_code).
"""

import functools
import sys
import warnings

import tensorflow as tf
from tensorflow.python.ops.parallel_for import control_flow_ops

from ..errors import Unsupported
from . import program_functions

_hooked = []        # [True] once Keras' are set
_vectorized_hooked = []     # [True] once TF's is set


def hook():
    if not _vectorized_hooked:
        _vectorized_hooked.append(True)
        control_flow_ops.pfor = _refused_while_building(control_flow_ops.pfor)
    if _hooked:
        return
    nn = sys.modules.get("keras.src.backend.tensorflow.nn")
    numpy_ops = sys.modules.get("keras.src.backend.tensorflow.numpy")
    if nn is None or numpy_ops is None:
        return
    _hooked.append(True)
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
