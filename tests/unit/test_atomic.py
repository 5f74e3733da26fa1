"""atomic.gate on small graphs built as the executor builds them: what fails before an
update stops it, checks run before prints without reordering the prints, a failure
after an update asks for a snapshot of exactly the variables written, and a failure
that a snapshot cannot undo is refused."""

import numpy as np
import pytest
import tensorflow as tf
from tensorflow.python.framework import auto_control_deps

from janus.graph import atomic

pytestmark = pytest.mark.usefixtures("no_hook_leaks")


def build(body, *specs):
    """body(*inputs) under the executor's control dependencies, then gate: (function,
    Gating)."""
    holder, turnstile = {}, atomic.Turnstile()

    def graph_function(*inputs):
        graph = tf.compat.v1.get_default_graph()
        with auto_control_deps.AutomaticControlDependencies() as deps:
            returned = [deps.mark_as_return(t) for t in body(*inputs)]
        holder["gating"] = atomic.gate(graph, turnstile)
        graph.control_outputs.extend(deps.ops_which_must_run)
        return returned

    function = tf.function(graph_function, autograph=False,
                           experimental_attributes={"_disable_acd": True}
                           ).get_concrete_function(*specs)
    return function, holder["gating"]


def call(function, *args):
    return function._call_flat([tf.constant(a, tf.float64) for a in args],
                               function.captured_inputs)


SCALAR = tf.TensorSpec([], tf.float64)


def test_a_check_after_an_unrelated_update_stops_it():
    v = tf.Variable(np.float64(1.0))

    def body(x):
        v.assign_add(x)              # before the check in program order
        tf.debugging.assert_positive(x)
        return [x * 2.0]

    function, gating = build(body, SCALAR)
    assert gating.updates == 1 and gating.snapshot_handles == ()
    assert float(call(function, 2.0)[0]) == 4.0 and float(v.numpy()) == 3.0
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, -1.0)
    assert float(v.numpy()) == 3.0


def test_every_update_waits_for_every_op_that_can_fail_before_an_update():
    v, w = tf.Variable(np.float64(0.0)), tf.Variable(np.float64(0.0))

    def body(x):
        v.assign(tf.sqrt(x))
        w.assign(tf.gather(tf.constant([1.0, 2.0], tf.float64), tf.cast(x, tf.int32)))
        return [tf.exp(x)]

    function, gating = build(body, SCALAR)
    graph = function.graph
    kinds = {op.type: op for op in graph.get_operations()}
    for op in graph.get_operations():
        if op.type == "AssignVariableOp":
            waits_for = atomic._closure([op], atomic._inputs_of)
            assert kinds["GatherV2"] in waits_for, op.name
            # what cannot fail does not hold an update back
            assert kinds["Exp"] not in waits_for, op.name
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, 4.0)          # gather index 4 out of range
    assert (float(v.numpy()), float(w.numpy())) == (0.0, 0.0)
    assert gating.turnstile.crossed_in_failed_call() is False


def test_the_turnstile_tells_a_failure_after_the_barrier(monkeypatch):
    # A catalog that wrongly says a gather cannot fail: its failure comes after the
    # update, with no snapshot, and only the turnstile can tell.
    real = atomic.can_fail
    monkeypatch.setattr(atomic, "can_fail",
                        lambda op: False if op.type == "GatherV2" else real(op))
    v = tf.Variable(np.float64(0.0))

    def body(x):
        tf.debugging.assert_less(x, tf.constant(10.0, tf.float64))
        v.assign_add(x)
        picked = tf.gather(tf.constant([1.0, 2.0], tf.float64),
                           tf.cast(v.read_value(), tf.int32))
        return [picked]

    function, gating = build(body, SCALAR)
    assert gating.snapshot_handles == () and gating.turnstile is not None
    assert float(call(function, 1.0)[0]) == 2.0
    gating.turnstile.expected += 1
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, 3.0)            # v becomes 4: the gather fails after the update
    assert float(v.numpy()) == 4.0
    assert gating.turnstile.crossed_in_failed_call() is True
    # counted again from what the variable says: a later good call is in step, and a
    # check that fails before the barrier is told apart
    assert float(call(function, -3.0)[0]) == 2.0
    gating.turnstile.expected += 1
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, 20.0)
    assert float(v.numpy()) == 1.0
    assert gating.turnstile.crossed_in_failed_call() is False


def test_a_value_of_unknown_shape_is_checked_before_any_update():
    counter, v = tf.Variable(np.float64(0.0)), tf.Variable(np.zeros(3))

    def body(x):
        counter.assign_add(1.0)
        v.assign_add(x)              # fails unless x has 3 elements
        return [x]

    function, gating = build(body, tf.TensorSpec([None], tf.float64))
    assert gating.snapshot_handles == ()
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, [1.0, 2.0])
    assert float(counter.numpy()) == 0.0
    call(function, [1.0, 2.0, 3.0])
    assert (float(counter.numpy()), v.numpy().tolist()) == (1.0, [1.0, 2.0, 3.0])


def test_checks_lose_program_order_edges_but_prints_keep_their_order(tmp_path):
    out = tmp_path / "printed.txt"
    v = tf.Variable(np.float64(0.0))

    def body(x):
        tf.print("first", output_stream=f"file://{out}")
        checked = tf.debugging.check_numerics(x, "x")
        tf.print("second", output_stream=f"file://{out}")
        v.assign_add(checked)
        return [checked]

    function, gating = build(body, SCALAR)
    check = next(op for op in function.graph.get_operations() if op.type == "CheckNumerics")
    assert not [c for c in check.control_inputs if c.type == "PrintV2"]
    prints = [op for op in function.graph.get_operations() if op.type == "PrintV2"]
    assert prints[0] in atomic._closure([prints[1]], atomic._inputs_of)
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, np.nan)
    assert not out.exists() and float(v.numpy()) == 0.0
    call(function, 1.0)
    assert out.read_text().splitlines() == ["first", "second"]


def test_a_failure_after_an_update_snapshots_the_written_variables():
    written, read = tf.Variable(np.float64(1.0)), tf.Variable(np.float64(5.0))
    other = tf.Variable(np.float64(0.0))

    def body(x):
        other.assign(read * 2.0)
        written.assign_add(x)
        return [tf.debugging.check_numerics(written * read, "after")]

    function, gating = build(body, SCALAR)
    assert gating.late == ["CheckNumerics CheckNumerics"]
    handles = {id(h) for h in gating.snapshot_handles}
    assert handles == {id(written.handle), id(other.handle)}
    snapshot = atomic.Snapshot(gating.snapshot_handles)
    saved = snapshot.take()
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, np.nan)
    assert float(written.numpy()) != 1.0      # the update landed before the check failed
    snapshot.restore(saved)
    assert (float(written.numpy()), float(other.numpy())) == (1.0, 0.0)


def test_a_print_waits_for_what_can_fail_after_an_update(tmp_path):
    out = tmp_path / "printed.txt"
    v = tf.Variable(np.float64(1.0))

    def body(x):
        v.assign_add(x)
        tf.print("new value", v, output_stream=f"file://{out}")
        return [tf.debugging.check_numerics(v * x, "after")]

    function, gating = build(body, SCALAR)
    assert gating.snapshot_handles
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, np.inf)
    assert not out.exists()


def summaries(directory):
    from tensorflow.core.util import event_pb2
    events = [event_pb2.Event.FromString(r.numpy()) for path in directory.iterdir()
              for r in tf.data.TFRecordDataset(str(path))]
    return [v.tag for e in events for v in e.summary.value]


def test_a_summary_write_waits_for_what_can_fail_after_an_update(tmp_path):
    v = tf.Variable(np.float64(1.0))
    writer = tf.summary.create_file_writer(str(tmp_path))

    def body(x, scale):
        v.assign_add(x)
        with writer.as_default():
            tf.summary.write("v", v, step=0)
        return [tf.debugging.check_numerics(v * scale, "after")]

    function, gating = build(body, SCALAR, SCALAR)
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, 1.0, np.inf)
    writer.flush()
    assert summaries(tmp_path) == []
    call(function, 1.0, 1.0)
    writer.flush()
    assert summaries(tmp_path) == ["v"]


@pytest.mark.parametrize("checked", [True, False])
def test_a_scatter_needs_no_snapshot_when_a_gather_checked_its_indices(checked):
    table, other = tf.Variable(np.ones((10, 2))), tf.Variable(np.ones((10, 2)))

    def body(rows):
        # tf.gradients, not a tape: a tape would make janus take over this test's code
        loss = tf.reduce_sum(tf.gather(table if checked else other, rows))
        grad, = tf.gradients(loss, table if checked else other)
        table.scatter_sub(tf.IndexedSlices(grad.values * 0.1, grad.indices))
        return [loss]

    function, gating = build(body, tf.TensorSpec([3], tf.int32))
    assert bool(gating.snapshot_handles) is not checked, gating.late


def test_a_failure_after_a_print_cannot_be_undone():
    def body(x):
        tf.print("x", x)
        return [tf.py_function(lambda t: t, [x], tf.float64)]

    with pytest.raises(atomic.Unrestorable, match="can fail after PrintV2"):
        build(body, SCALAR)


def test_a_py_function_next_to_an_update_is_refused():
    # It runs Python that can fail, and whatever that Python did cannot be undone.
    v = tf.Variable(np.float64(0.0))

    def body(x):
        v.assign_add(x)
        return [tf.py_function(lambda t: t, [x], tf.float64)]

    with pytest.raises(atomic.Unrestorable, match="EagerPyFunc .* cannot be undone"):
        build(body, SCALAR)


@pytest.mark.parametrize("make, fails", [
    (lambda: tf.math.floordiv(tf.constant(3), tf.constant(0)), True),
    (lambda: tf.math.floordiv(tf.constant(3.0), tf.constant(0.0)), False),
    (lambda: tf.constant([1.0, 2.0]) + tf.constant([3.0, 4.0]), False),
    (lambda: tf.gather(tf.constant([1.0, 2.0]), 1), True),
    (lambda: tf.sqrt(tf.constant(-1.0)), False),
    # a gradient of a mean divides shapes by maximum(shape, 1): never by zero
    (lambda: tf.math.floordiv(tf.constant([4, 6]), tf.maximum(tf.shape(
        tf.compat.v1.placeholder(tf.float32, [None, 3])), 1)), False),
    (lambda: tf.math.floordiv(tf.constant([4, 6]), tf.shape(
        tf.compat.v1.placeholder(tf.float32, [None, 3]))), True),
    (lambda: tf.math.floordiv(tf.constant([4, 6]), tf.constant([2, 3])), False),
    (lambda: tf.shape_n([tf.zeros([2]), tf.zeros([3])])[0], False),
])
def test_which_ops_can_fail(make, fails):
    with tf.Graph().as_default():
        assert atomic.can_fail(make().op) is fails


def test_can_fail_with_unknown_dimensions():
    with tf.Graph().as_default():
        a = tf.compat.v1.placeholder(tf.float32, [None])
        assert atomic.can_fail((a + a).op) is True


@pytest.mark.parametrize("count", [1, 30])
def test_a_snapshot_gives_back_the_values_it_read(count):
    variables = [tf.Variable(np.full((3,), float(i))) for i in range(count)]
    variables.append(tf.Variable(np.int64(7)))
    snapshot = atomic.Snapshot(tuple(v.handle for v in variables))
    saved = snapshot.take()
    for v in variables:
        v.assign_add(tf.ones_like(v))        # in place: the snapshot keeps its own buffer
    snapshot.restore(saved)
    assert [v.numpy().tolist() for v in variables] == \
        [[float(i)] * 3 for i in range(count)] + [7]


@pytest.mark.parametrize("used", [False, True])
def test_a_shape_check_fails_the_call_before_the_update(used):
    # TF's graph optimizer drops an EnsureShape whose result is unused, and folds an
    # Assert of the same shape away while the EnsureShape is there: janus's Assert
    # stands in for it, before the update.
    v = tf.Variable(np.float64(0.0))

    def body(x):
        v.assign_add(tf.reduce_sum(x))
        ensured = tf.ensure_shape(x, [3])
        return [(ensured if used else x) * 2.0]

    holder, turnstile = {}, atomic.Turnstile()

    def graph_function(x):
        graph = tf.compat.v1.get_default_graph()
        with auto_control_deps.AutomaticControlDependencies() as deps:
            returned = [deps.mark_as_return(t) for t in body(x)]
        deps.ops_which_must_run.update(atomic.keep_shape_checks(graph))
        holder["gating"] = atomic.gate(graph, turnstile)
        graph.control_outputs.extend(deps.ops_which_must_run)
        return returned

    function = tf.function(graph_function, autograph=False,
                           experimental_attributes={"_disable_acd": True}
                           ).get_concrete_function(tf.TensorSpec([None], tf.float64))
    assert float(tf.reduce_sum(function(tf.constant([1.0, 2.0, 3.0], tf.float64))[0])) == 12.0
    assert float(v.numpy()) == 6.0
    with pytest.raises(tf.errors.InvalidArgumentError, match="assertion failed"):
        function(tf.constant([1.0, 2.0], tf.float64))
    assert float(v.numpy()) == 6.0


def test_an_unused_op_that_can_fail_still_runs():
    # TF prunes what no output needs; eager would have raised at the gather.
    def graph_function(x):
        graph = tf.compat.v1.get_default_graph()
        with auto_control_deps.AutomaticControlDependencies() as deps:
            tf.gather(tf.constant([1.0, 2.0], tf.float64), tf.cast(x, tf.int32))
            returned = [deps.mark_as_return(x * 2.0)]
        deps.ops_which_must_run.update(atomic.unused_but_failing(graph))
        graph.control_outputs.extend(deps.ops_which_must_run)
        return returned

    function = tf.function(graph_function, autograph=False,
                           experimental_attributes={"_disable_acd": True}
                           ).get_concrete_function(SCALAR)
    assert float(call(function, 1.0)[0]) == 2.0
    with pytest.raises(tf.errors.InvalidArgumentError):
        call(function, 5.0)


def test_what_is_built_after_an_assumption_fails_after_it():
    # The assumption's condition is slow (large matmuls), the op built after it fast
    # (the first row of a tensor that is empty exactly when the assumption fails): left
    # unordered, the row's error wins the race and the call never says its assumption
    # failed, so the plan is never relaxed.
    def graph_function(rows, scale):
        big = tf.fill([400, 400], scale)
        slow = tf.reduce_sum(tf.matmul(tf.matmul(big, big), big))
        assumption = tf.debugging.Assert(slow > 0.0, ["janus-assumption 0"])
        first = rows[0]
        atomic.assumptions_first(tf.compat.v1.get_default_graph(), [assumption])
        return [first]

    function = tf.function(graph_function, autograph=False).get_concrete_function(
        tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([], tf.float32))
    for _ in range(10):
        with pytest.raises(tf.errors.InvalidArgumentError, match="janus-assumption 0"):
            function(tf.zeros([0, 3]), tf.constant(-1.0))
    assert function(tf.ones([2, 3]), tf.constant(1.0))[0].shape == [3]
