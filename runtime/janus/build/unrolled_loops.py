"""tf.while_loop whose trip count is known while janus builds → the Python loop eager
runs, unrolled into the graph.

Eagerly `tf.while_loop` is a Python loop: `while cond(*vars): vars = body(*vars)`, each
iteration's ops recorded on the tape one by one.  A graph's While op computes the same
forward values, but its gradient sums a tensor's contributions per iteration and then
across iterations, where eager's tape sums them all at once: a weight used more than once
per step of the loop, or inside and after it (Keras' GRU and LSTM with
`recurrent_dropout`, which read their kernels in slices; a decoder attending to encoder
states it also uses after the loop), gets other float32 roundings, and training drifts.

So while janus builds its own graph, a `tf.while_loop` (the program's, Keras' RNN loop,
keras.ops' loops) runs eager's loop when its condition can be decided at build
time: each `cond(...)` is a tensor whose value no input, variable or stateful op
decides (a counter against a static length: `time < 7`; graph/static_values.py).  The
body then runs once per iteration in janus's graph, as eagerly, with its Python effects
made per iteration, as eager's are.  A condition that cannot be
decided, a loop longer than UNROLL_LIMIT, or a body that returns other structures keeps
the While op (the first check before any iteration; a later one builds the call again
without unrolling that loop: errors.Retry).  janus's own loops on tensors
(build/loops.py) are its own decision and are left alone.
"""

import inspect
import os
import sys
import threading

import tensorflow as tf
from tensorflow.python.framework import type_spec
from tensorflow.python.ops import math_ops, tensor_array_ops
from tensorflow.python.ops import while_loop as while_loop_module
from tensorflow.python.platform import tf_logging
from tensorflow.python.util import nest, variable_utils

import janus_ext

from ..errors import Retry
from ..graph.static_values import static_value
from . import program_functions

DECLINE = janus_ext.DECLINE
UNROLL_LIMIT = 64          # iterations; a longer loop keeps its While op

# (cond's code, body's code) of loops that stopped being decidable part way, or ran
# past UNROLL_LIMIT: built as While ops from then on.
_kept_as_while: set = set()
_lock = threading.Lock()


_PARAMETERS = tuple(inspect.signature(while_loop_module.while_loop).parameters)
_TF_UTIL = os.path.join(os.path.dirname(os.path.dirname(tf_logging.__file__)), "util") + os.sep
# tf.map_fn, tf.scan and the folds read their elements from a TensorArray, which eagerly
# is a Python list of tensors and in a graph a TensorList, whose ops round otherwise in
# the gradient's sums: unrolled, their numbers leave eager's, so they keep the While op.
_OPS_DIR = os.path.dirname(while_loop_module.__file__) + os.sep
_ELEMENTWISE_LOOPS = (_OPS_DIR + "map_fn.py", _OPS_DIR + "functional_ops.py")


def entry(args):
    """while_loop's entry while janus builds its own graph (graph_sniffing.on_entry):
    eager's loop, unrolled, or DECLINE for TF's While op."""
    if _caller_file().startswith(_ELEMENTWISE_LOOPS):
        return DECLINE
    bound = dict(zip(_PARAMETERS, args))
    cond, body = bound["cond"], bound["body"]
    key = (getattr(cond, "__code__", cond), getattr(body, "__code__", body))
    if _from_janus(cond) or _from_janus(body) or key in _kept_as_while or \
            not callable(cond) or not callable(body) or not bound["loop_vars"]:
        return DECLINE
    loop_vars = variable_utils.convert_variables_to_tensors(bound["loop_vars"])
    try_to_pack = len(loop_vars) == 1 and not bound["return_same_structure"]
    limit = bound["maximum_iterations"]
    if limit is not None:
        limit = tf.convert_to_tensor(limit, name="maximum_iterations")
        if limit.shape.ndims != 0:
            return DECLINE            # TF's own error, from its own path
        limit = static_value(limit)
        if limit is None:
            return DECLINE
        # (As TF's eager path: a Python counter beside the program's loop variables.)
        limit = int(limit)
        cond, body = _counted(cond, body, limit, try_to_pack)
        loop_vars = (0, loop_vars[0]) if try_to_pack else (0, loop_vars)
        try_to_pack = False
    structure = nest.map_structure(type_spec.type_spec_from_value, list(loop_vars))
    packed = False
    iterations = 0
    while True:
        truth = static_value(cond(*loop_vars))
        if truth is None:
            if iterations == 0:
                return DECLINE
            _keep_as_while(key)
            raise Retry("a tf.while_loop's condition could be decided at build "
                               "time for its first iterations only")
        if not truth:
            break
        iterations += 1
        if iterations > UNROLL_LIMIT:
            _keep_as_while(key)
            raise Retry(f"a tf.while_loop runs more than {UNROLL_LIMIT} iterations: "
                               "kept as a While op")
        loop_vars = body(*loop_vars)
        if try_to_pack and not isinstance(loop_vars, (list, tuple)):
            packed = True
            loop_vars = (loop_vars,)
        nest.assert_same_structure(structure, list(loop_vars))
    loop_vars = nest.map_structure(_as_tensor, loop_vars, expand_composites=True)
    if limit is not None:
        return loop_vars[1]
    return loop_vars[0] if packed else loop_vars


def _caller_file():
    """The file of the code that called tf.while_loop (past TF's decorators)."""
    frame = sys._getframe(3)        # this, entry, the hook's `enter`, then while_loop's caller
    while frame is not None and (frame.f_code.co_filename.startswith(_TF_UTIL) or
                                 frame.f_code.co_filename == while_loop_module.__file__):
        frame = frame.f_back            # TF's decorators, tf.while_loop (while_loop_v2)
    return "" if frame is None else frame.f_code.co_filename


def _counted(cond, body, limit, packed):
    """TF's eager wrapping of cond and body for `maximum_iterations`."""
    if packed:
        return (lambda i, lv: math_ops.logical_and(i < limit, cond(lv)),
                lambda i, lv: (i + 1, body(lv)))
    return (lambda i, lv: math_ops.logical_and(i < limit, cond(*lv)),
            lambda i, lv: (i + 1, body(*lv)))


def _as_tensor(value):
    if isinstance(value, tensor_array_ops.TensorArray):
        return value
    return tf.convert_to_tensor(value)


def _keep_as_while(key):
    with _lock:
        _kept_as_while.add(key)


def _from_janus(fn) -> bool:
    code = getattr(fn, "__code__", None)
    return code is not None and code.co_filename.startswith(program_functions.JANUS_DIRECTORY)
