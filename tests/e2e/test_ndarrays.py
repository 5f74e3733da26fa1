"""ndarray arguments answer as ndarrays inside converted steps (runtime/janus/semantics/arrays.py;
docs/soundness.md#ndarray-arguments), end to end against JANUS_MODE=off on
tests/e2e/ndarrays.py and tests/e2e/ndarray_operators.py (`obs @ W`, `adv > 0`),
and the ArrayArg rules in-process."""

import operator
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf
from conftest import assert_runs_agree, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def ndarrays(tmp_path_factory):
    return run_both_modes(PROGRAMS / "ndarrays.py", tmp_path_factory.mktemp("ndarrays"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


@pytest.mark.parametrize("step,name", [("ask_step", "ask"),
                                       ("arithmetic_step", "arithmetic")])
def test_the_step_sees_numpys_answers_and_converts(ndarrays, step, name):
    on, off = ndarrays["on"], ndarrays["off"]
    assert_same(on[name], off[name], name)
    assert on["printed"] == off["printed"]
    assert off["printed"][0].startswith("asked float64 (4, 3) 2 12 4 True")
    stats = ndarrays["functions"][step]
    assert stats["status"] == "converted" and stats["graph_calls"] >= 6, stats


def test_numpy_arithmetic_keeps_numpys_dtypes(ndarrays):
    loss, centred, ratio, is_array, ratio_dtype = ndarrays["off"]["arithmetic"][-1]
    assert centred[:2] == ["ndarray", "float32"] and ratio[:2] == ["ndarray", "float64"]
    assert is_array is True and ratio_dtype == "float64"


def test_a_keras_model_on_an_ndarray_batch_converts(ndarrays):
    on, off = ndarrays["on"], ndarrays["off"]
    # float32 losses: graph and eager kernels may differ in the last bit.
    assert_same(on["keras"], off["keras"], "keras", rtol=1e-6)
    assert_same(on["keras_kernel"], off["keras_kernel"], "kernel", rtol=1e-6)
    assert ndarrays["functions"]["keras_step"]["status"] == "converted"


def test_basic_indexing_converts_and_fancy_indexing_is_refused(ndarrays):
    for name in ("index", "fancy"):
        assert_same(ndarrays["on"][name], ndarrays["off"][name], name)
    assert ndarrays["off"]["index"][0][2:] == [True, [3]]
    assert ndarrays["functions"]["index_step"]["status"] == "converted"
    status = ndarrays["functions"]["fancy_step"]["status"]
    assert status.startswith("interpreted: indexing (other than by ints and slices) of an "
                             "ndarray argument"), status


def test_array_arg_rules():
    from janus.build import builder
    from janus.semantics import arrays
    tensor = tf.constant([[1.0, 2.0]], tf.float64)
    x = arrays.ArrayArg(tensor, np.float64, argument=True)
    assert arrays.builtin(isinstance, (x, np.ndarray), None, None) is True
    assert arrays.builtin(len, (x,), None, None) == 1
    assert x.attribute("shape", None, None) == (1, 2)
    assert x.attribute("dtype", None, None) == np.dtype("float64")
    # A float32 request converts as the array would; the tensor is cast, with a check
    # that no finite value becomes inf there (numpy's cast would warn).
    checks = []
    with arrays.checked_casts(lambda condition, reason: checks.append(reason)):
        assert tf.convert_to_tensor(x, tf.float32).dtype == tf.float32
    assert checks == ["numpy would warn: overflow in the cast to float32"], checks
    with pytest.raises(builder.Unsupported):
        tf.convert_to_tensor(x, tf.float32)        # outside a build: no check to make
    assert type(x[0]) is arrays.ArrayArg and x[0].argument
    for refused in (lambda: x.attribute("T", None, None), lambda: x[[0]],
                    lambda: arrays.builtin(sum, (x,), None, None),
                    lambda: arrays.binary("+=", lambda a, b: a, x, 1, {}, None, None, None),
                    lambda: arrays.binary("@", lambda a, b: a, x, 1, {}, None, None, None)):
        with pytest.raises(builder.Unsupported):
            refused()
    checks = []
    half = arrays.binary("/", lambda a, b: a / b,
                         arrays.ArrayArg(tf.constant([3], tf.int64), np.int64), 2, {},
                         lambda quiet, why: checks.append((bool(quiet), why)), None, None)
    assert type(half) is arrays.ArrayArg and half.prototype.dtype == np.float64
    assert half.tensor.numpy().tolist() == [1.5]
    # numpy's floating-point flags: a check the graph makes, failing where numpy flags.
    zero = tf.constant([0.0, 1.0], tf.float64)
    arrays.binary("/", lambda a, b: a / b, arrays.ArrayArg(zero, np.float64), 0.0, {},
                  lambda quiet, why: checks.append((bool(quiet), why)), None, None)
    # Each operation makes two checks: numpy's flags, and no subnormal value in play.
    assert [quiet for quiet, _ in checks] == [True, True, False, True]
    assert checks[2][1].startswith("numpy would flag `/`")
    # TF's kernels flush a subnormal product to zero, where numpy keeps it: checked.
    checks = []
    arrays.binary("*", lambda a, b: a * b,
                  arrays.ArrayArg(tf.constant([1e-300, 2.0], tf.float64), np.float64), 1e-10,
                  {}, lambda quiet, why: checks.append((bool(quiet), why)), None, None)
    assert [quiet for quiet, _ in checks] == [True, False], checks
    assert checks[1][1].startswith("numpy would keep a subnormal value in `*`")


@pytest.fixture(scope="module")
def operators(tmp_path_factory):
    return run_both_modes(PROGRAMS / "ndarray_operators.py",
                          tmp_path_factory.mktemp("ndarray_operators"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_ndarrays_meeting_tensors_and_compared_give_eagers_results(operators):
    assert_runs_agree(operators)


@pytest.mark.parametrize("step, builds", [("policy_step", 1), ("masked_step", 2),
                                          ("action_step", 1)])
def test_ndarray_operator_steps_convert(operators, step, builds):
    stats = operators["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == builds, stats
    assert stats["graph_calls"] >= 16, stats


def test_a_comparison_numpy_makes_outside_the_dtype_is_refused():
    from janus.errors import Unsupported
    from janus.semantics import arrays
    graph = tf.Graph()
    with graph.as_default():
        small = arrays.ArrayArg(tf.compat.v1.placeholder(tf.uint8, (3,)), np.uint8,
                                argument=True)
        with pytest.raises(Unsupported, match="outside that dtype"):
            arrays.binary(">", operator.gt, small, -1, {}, None, None, None)
        wide = arrays.binary(">", operator.gt, small, 3, {}, None, None, None)
        assert wide.prototype.dtype == np.bool_ and wide.tensor.dtype == tf.bool


NUMPY_SCALAR_STEP = """
import json
import numpy as np
import tensorflow as tf
w = tf.Variable(tf.ones([4, 1]))
history = []
def step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.matmul(x, w) - y) ** 2)
    w.assign_sub(0.1 * tape.gradient(loss, w))
    value = np.float64(loss)
    history.append(value)
    return value
x, y = tf.reshape(tf.range(32.0), [8, 4]) / 32.0, tf.ones([8, 1])
for i in range(8):
    r = step(x, y)
    print(i, type(r).__name__, repr(r))
print(json.dumps({"types": [type(v).__name__ for v in history],
                  "values": [float(v) for v in history]}))
"""


def test_a_numpy_scalar_made_in_the_step_is_refused_in_the_programs_terms(tmp_path):
    program = tmp_path / "numpy_scalar.py"
    program.write_text(NUMPY_SCALAR_STEP)
    runs = run_both_modes(program, tmp_path)
    assert runs["on"]["printed"] == runs["off"]["printed"]
    assert runs["on"]["types"] == ["float64"] * 8
    assert runs["on"]["values"] == runs["off"]["values"]
    stats = runs["functions"]["step"]
    assert stats["not_converted"] == ("np.float64(...) in the step: a numpy scalar made "
                                      "from the step's values is not computed in graphs"), stats
