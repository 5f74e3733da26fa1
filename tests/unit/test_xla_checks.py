"""janus/graph/xla.py on its own: what it tells the program when XLA refuses a graph, and
the errors a failed check under XLA raises, read as TF's own (messages.failure_of)."""

import numpy as np
import tensorflow as tf

from janus import messages
from janus.graph import xla


def _error(text):
    return tf.errors.InvalidArgumentError(None, None, text)


def test_xlas_refusals_name_the_op_not_the_function():
    missing = _error(
        "Detected unsupported operations when trying to compile graph "
        "__inference_graph_function_88[_XlaMustCompile=true,config_proto=1] on "
        "XLA_CPU_JIT: WriteSummary (No registered 'WriteSummary' OpKernel for XLA_CPU_JIT "
        "devices compatible with node {{node WriteSummary}})")
    assert xla.compile_error(missing)
    assert xla.compile_refusal(missing) == "XLA has no kernel for WriteSummary"
    constant = _error("Input 1 to node `model/Repeat/SequenceMask/Range` with op Range must "
                      "be a compile-time constant.")
    assert xla.compile_error(constant)
    assert xla.compile_refusal(constant) == (
        "Range (model/Repeat/SequenceMask/Range) takes a value computed in the graph where "
        "XLA needs a constant")
    assert not xla.compile_error(_error("indices[3] = 7 is not in [0, 5)"))
    assert not xla.compile_error(ValueError("XLA_CPU_JIT"))


def test_a_failed_check_raises_what_its_op_raises():
    checks = xla.Checks(["assertion failed: [janus-assumption 3]",
                         "assertion failed: [x must be positive]",
                         "GatherV2 (embedding/GatherV2): an index out of range (checked "
                         "for XLA)"], [])
    first = messages.failure_of(checks.failure(np.array([False, False, True])))
    assert (first.kind, first.index) == (messages.ASSUMPTION, 3)
    program = messages.failure_of(checks.failure(np.array([True, False, False])))
    assert program.kind == messages.PROGRAM_CHECK
    kernel = messages.failure_of(checks.failure(np.array([True, True, False])))
    assert kernel.kind == messages.UNKNOWN and "an index out of range" in kernel.reason
