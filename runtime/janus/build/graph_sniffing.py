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

The hooks are set once, at the first build, before any graph exists (replacing a
library function marks every graph stale: janus_ext watch_library_code).
"""

import functools
import sys
import warnings

import tensorflow as tf

from . import program_functions

_hooked = []        # [True] once set


def hook():
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
