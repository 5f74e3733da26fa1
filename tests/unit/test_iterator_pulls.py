"""janus/semantics/iterator_pulls.py on its own: which pipelines may be pulled before
the graph, the widened shape after several sizes, and what an iterator gives after
elements and an error were handed back to it (the interpreter's next pulls)."""

import numpy as np
import pytest
import tensorflow as tf

from janus.semantics import iterator_pulls


def _refusal(dataset):
    return iterator_pulls.pipeline_refusal(iter(dataset))


def test_pipelines_that_cannot_see_the_step_are_pulled_first():
    assert _refusal(tf.data.Dataset.range(8).map(lambda x: x * 2).batch(3).repeat()) is None
    # Seeded draws, a shuffle inside an interleave, checks: state the iterator owns.
    assert _refusal(tf.data.Dataset.range(8).map(
        lambda x: tf.cast(x, tf.float32) + tf.random.uniform((), seed=3))) is None
    assert _refusal(tf.data.Dataset.range(3).interleave(
        lambda x: tf.data.Dataset.range(x).shuffle(4, seed=1))) is None
    assert _refusal(tf.data.Dataset.range(8).map(
        lambda x: tf.debugging.check_numerics(tf.cast(x, tf.float32), "x"))) is None


def test_pipelines_that_run_python_or_read_variables_are_refused():
    scale = tf.Variable(2, dtype=tf.int64)
    generator = tf.data.Dataset.from_generator(
        lambda: iter(range(3)), output_signature=tf.TensorSpec((), tf.int32))
    numpy_map = tf.data.Dataset.range(3).map(
        lambda x: tf.numpy_function(lambda a: a + 1, [x], tf.int64))
    assert "runs Python" in _refusal(generator)
    assert "runs Python" in _refusal(numpy_map)
    assert "tf.Variable" in _refusal(tf.data.Dataset.range(3).map(lambda x: x * scale))
    # Inside a nested dataset's function too (interleave's inner map).
    nested = tf.data.Dataset.range(3).interleave(
        lambda x: tf.data.Dataset.range(x).map(lambda y: y * scale))
    assert _refusal(nested) is not None
    zipped = tf.data.Dataset.zip((tf.data.Dataset.range(3),
                                  tf.data.Dataset.range(3).map(lambda x: x + scale)))
    assert "tf.Variable" in _refusal(zipped)


def test_pipelines_that_read_or_change_state_outside_the_iterator_are_refused(tmp_path):
    # The step could change a table or a file before its next(), or see what a pull
    # made ahead of it printed or wrote.
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant([1, 2], tf.int64), tf.constant([3, 4], tf.int64)), -1)
    assert "resource" in _refusal(tf.data.Dataset.range(8).map(table.lookup))
    path = str(tmp_path / "level.txt")
    assert "ReadFile" in _refusal(tf.data.Dataset.range(3).map(
        lambda x: tf.io.read_file(path)))
    assert "WriteFile" in _refusal(tf.data.Dataset.range(3).map(
        lambda x: (tf.io.write_file(path, tf.strings.as_string(x)), x)[1]))
    assert "PrintV2" in _refusal(tf.data.Dataset.range(3).map(lambda x: (tf.print(x), x)[1]))


def test_dimensions_that_differ_are_left_open():
    shape = iterator_pulls._widest([(8, 4), (5, 4), (8, 4), (3, 4)])
    assert shape.as_list() == [None, 4]
    assert iterator_pulls._widest([(2, 3)]).as_list() == [2, 3]


def test_handed_back_elements_come_first_then_the_iterator_goes_on():
    it = iter(tf.data.Dataset.range(5))
    first, second = next(it), next(it)
    iterator_pulls._Replay.put(it, [first, second])
    assert "_next_internal" in vars(it)
    assert [int(next(it)), int(it.get_next())] == [0, 1]
    assert "_next_internal" not in vars(it)          # the iterator is as it was
    assert int(next(it)) == 2
    # get_next_as_optional() gives an element handed back too.
    three = next(it)
    iterator_pulls._Replay.put(it, [three])
    optional = it.get_next_as_optional()
    assert optional.has_value() and int(optional.get_value()) == 3
    assert int(next(it)) == 4


def test_an_error_handed_back_is_raised_where_the_interpreter_pulls():
    it = iter(tf.data.Dataset.from_tensor_slices(np.array([1.0, np.nan, 3.0], np.float32))
              .map(lambda x: tf.debugging.check_numerics(x, "row")))
    call = iterator_pulls._CallPulls()
    assert float(call.outcome(it, 0)[0]) == 1.0
    failed = call.outcome(it, 1)
    assert isinstance(failed, tf.errors.InvalidArgumentError)
    assert call.outcome(it, 2) is failed      # a call stops at the first error
    call.hand_back()
    assert float(next(it)) == 1.0
    with pytest.raises(tf.errors.InvalidArgumentError, match="row"):
        next(it)
    assert float(next(it)) == 3.0             # past the failed element, as eager is
    call = iterator_pulls._CallPulls()
    assert isinstance(call.outcome(it, 0), tf.errors.OutOfRangeError)
    call.hand_back()
    with pytest.raises(StopIteration):
        next(it)
    assert it.get_next_as_optional().has_value().numpy() == False  # noqa: E712


def test_elements_a_dropped_build_took_beyond_the_graphs_go_back():
    # A build of the call took three elements, the graph that ran took two: the third
    # goes back to the iterator at the call's end.
    it = iter(tf.data.Dataset.range(6))
    call = iterator_pulls._CallPulls()
    for k in range(3):
        call.outcome(it, k)
    call.used = {id(it): 2}
    call.consumed()
    call.hand_back()
    assert [int(v) for v in it] == [2, 3, 4, 5]
