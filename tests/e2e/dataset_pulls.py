"""next() of tf.data iterators from outside the step (janus/semantics/iterator_pulls.py):
steps whose pulls are refused (a pipeline that runs Python, one that reads a variable,
a pull inside a branch on a tensor or after one, a loop to the end of 70 elements),
and the paths that hand elements back: a call whose check fails after its pull, and
`next(it, default)` at the end of the data (`get_next_as_optional()` after each then
gives eager's next element); and a new iterator each epoch, for more epochs than the
recompile limit.  Under janus and JANUS_MODE=off; prints lines, then one JSON document."""

import json

import numpy as np
import tensorflow as tf

STEPS = 14
results = {}
SCALE = tf.Variable(1.0)


def record(name, value):
    results.setdefault(name, []).append(
        value.numpy().tolist() if isinstance(value, tf.Tensor) else value)


def rows():
    # (tf.data runs it on its own threads: what it would print is not ordered.)
    for i in range(1000):
        yield np.float32(i)


FROM_GENERATOR = iter(tf.data.Dataset.from_generator(
    rows, output_signature=tf.TensorSpec((), tf.float32)))


def generator_step(x):
    print("step before next")
    value = next(FROM_GENERATOR)
    return x + value


SCALED = iter(tf.data.Dataset.range(1000).map(lambda i: tf.cast(i, tf.float32) * SCALE))


def variable_step(x):
    # (The variable stays as it is: tf.data may compute elements ahead of the pulls, so
    # a step that changed it would see eager's numbers vary from run to run.)
    return x + next(SCALED)


IN_ARM = iter(tf.data.Dataset.range(1000).map(lambda i: tf.cast(i, tf.float32)))


def in_arm_step(x):
    if tf.reduce_sum(x) > 0.0:
        return x + next(IN_ARM)
    return x


HANDED = iter(tf.data.Dataset.range(24).map(lambda i: tf.cast(i, tf.float32)).batch(2))


def handed_step(x):
    batch = next(HANDED)
    tf.debugging.assert_less(tf.reduce_max(batch) * x, 50.0)
    return tf.reduce_sum(batch) + x


EARLY = iter(tf.data.Dataset.range(24).map(lambda i: tf.cast(i, tf.float32)))


def early_step(x):
    tf.debugging.assert_less(tf.reduce_sum(x), 50.0)    # a check before the pull: refused
    return next(EARLY) + x


LONG = tf.data.Dataset.range(70).map(lambda i: tf.cast(i, tf.float32))


def long_step(iterator, x):
    total = x
    for value in iterator:      # to the end of the data: 70 elements a call
        total = total + value
    return total


EPOCH = tf.data.Dataset.range(40).map(lambda i: tf.cast(i, tf.float32))


def epoch_step(iterator, x):
    return x + next(iterator)


x = tf.constant(1.0)
for step in range(STEPS):
    record("generator", generator_step(x))
    record("variable", variable_step(x))
    record("in_arm", in_arm_step(x if step % 2 else -x))
for step in range(10):
    try:
        record("handed", handed_step(x if step != 6 else 100.0 * x))
    except tf.errors.InvalidArgumentError:
        record("handed", "failed")
    if step in (6, 7):
        optional = HANDED.get_next_as_optional()
        record("handed", optional.get_value() if optional.has_value() else "empty")
for step in range(6):
    try:
        record("early", early_step(x if step != 4 else 100.0 * x))
    except tf.errors.InvalidArgumentError:
        record("early", "failed")
record("handed", next(HANDED, "default"))
record("handed", next(HANDED, "default"))
for step in range(6):
    record("long", long_step(iter(LONG), x))
# A new iterator each epoch: a graph each, past the recompile limit (each ran 40 calls).
epoch_sums = []
for epoch in range(14):
    iterator = iter(EPOCH)
    epoch_sums.append(sum(float(epoch_step(iterator, x)) for _ in range(40)))
record("epochs", epoch_sums)
print(json.dumps(results))
