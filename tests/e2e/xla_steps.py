"""Training steps for janus under JANUS_XLA=on (tests/e2e/test_xla.py): each fails part-way
in a way XLA itself would not notice, or holds what janus does not compile with XLA.

  labels    a Keras MLP, SparseCategoricalCrossentropy, Adam; one batch has a label out
            of range (TF's kernel raises, XLA's would not)
  gather    an embedding table trained through tf.gather; one batch has an id out of
            range (TF raises, XLA clamps)
  branch    a Python `if` on a tensor that updates a variable one way or the other; the
            data's sign flips part-way (janus's assumption fails, then a tf.cond of
            both arms holds the updates)
  numerics  tf.debugging.check_numerics on the loss; one batch is NaN
  lengths   tf.sequence_mask of lengths from the data, as long as the longest (a shape
            that is a value: XLA compiles it with bounds)
  position  a row picked by tf.argmax of the data (a slice at a position computed from
            values)

Each step also counts its good calls in an int variable.  Prints one JSON document: per
step, the calls that raised (index, exception type), the ints, and the floats.
"""
import json

import keras
import numpy as np
import tensorflow as tf

STEPS = 30
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def run(step, batches, count, floats):
    raised = []
    for i, batch in enumerate(batches):
        try:
            step(*batch)
        except (tf.errors.InvalidArgumentError, ValueError) as exc:
            raised.append([i, type(exc).__name__])
    return {"raised": raised, "count": int(count.numpy()),
            "floats": [float(x) for v in floats
                       for x in np.asarray(v.numpy()).ravel()]}


@case
def labels():
    keras.utils.set_random_seed(11)
    rng = np.random.default_rng(11)
    xs = rng.normal(size=(STEPS, 16, 6)).astype(np.float32)
    ys = rng.integers(0, 3, size=(STEPS, 16)).astype(np.int32)
    ys[17, 4] = 5
    model = keras.Sequential([keras.layers.Input((6,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.Dense(3)])
    optimizer = keras.optimizers.Adam(0.01)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    count = tf.Variable(0)

    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        count.assign_add(1)
        return loss

    result = run(train_step, zip(xs, ys), count, model.variables)
    result["iterations"] = int(optimizer.iterations.numpy())
    return result


@case
def gather():
    rng = np.random.default_rng(12)
    table = tf.Variable(rng.normal(size=(10, 4)).astype(np.float32))
    ids = rng.integers(0, 10, size=(STEPS, 5)).astype(np.int32)
    ids[12, 2] = 10
    targets = rng.normal(size=(STEPS, 5, 4)).astype(np.float32)
    count = tf.Variable(0)

    def train_step(i, t):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.gather(table, i) - t))
        table.assign_sub(0.1 * tf.convert_to_tensor(tape.gradient(loss, table)))
        count.assign_add(1)

    return run(train_step, zip(ids, targets), count, [table])


@case
def branch():
    rng = np.random.default_rng(13)
    xs = np.abs(rng.normal(size=(STEPS, 8)).astype(np.float32)) + 0.1
    xs[15:] *= -1
    w = tf.Variable(np.ones(8, np.float32))
    count = tf.Variable(0)

    def train_step(x):
        if tf.reduce_mean(x) > 0:
            w.assign_add(0.01 * x)
        else:
            w.assign_sub(0.02 * x * w)
        count.assign_add(1)

    return run(train_step, ((x,) for x in xs), count, [w])


@case
def numerics():
    rng = np.random.default_rng(14)
    xs = rng.normal(size=(STEPS, 8, 3)).astype(np.float32)
    xs[9, 0, 0] = np.nan
    w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
    count = tf.Variable(0)

    def train_step(x):
        with tf.GradientTape() as tape:
            loss = tf.debugging.check_numerics(tf.reduce_mean(tf.square(x @ w - 1.0)),
                                               "loss")
        w.assign_sub(0.05 * tape.gradient(loss, w))
        count.assign_add(1)

    return run(train_step, ((x,) for x in xs), count, [w])


@case
def lengths():
    rng = np.random.default_rng(15)
    lens = rng.integers(1, 6, size=(STEPS, 4)).astype(np.int32)
    w = tf.Variable(0.0)
    count = tf.Variable(0)

    def train_step(n):
        mask = tf.cast(tf.sequence_mask(n), tf.float32)
        w.assign_add(0.1 * tf.reduce_mean(mask))
        count.assign_add(1)

    return run(train_step, ((n,) for n in lens), count, [w])


@case
def position():
    rng = np.random.default_rng(16)
    xs = rng.normal(size=(STEPS, 6, 3)).astype(np.float32)
    w = tf.Variable(np.zeros(3, np.float32))
    count = tf.Variable(0)

    def train_step(x):
        row = x[tf.argmax(x[:, 0])]
        w.assign_add(0.1 * row)
        count.assign_add(1)

    return run(train_step, ((x,) for x in xs), count, [w])


if __name__ == "__main__":
    print(json.dumps({name: fn() for name, fn in CASES.items()}))
