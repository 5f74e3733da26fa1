"""tf.debugging.enable_check_numerics() turned on mid-run by a debugging hook.

The step computes a log-barrier penalty with a masked log:
`tf.where(x > 0, tf.math.log(x), 0.0)`.  Where x == 0 the log itself is -inf, but the
select drops it, so the loss is finite and training is fine.  At step 12 the program
calls `tf.debugging.enable_check_numerics()` (as one does after seeing a suspicious loss
spike); from then on eager TF checks the output of every op it runs, and the -inf of
the masked log raises InvalidArgumentError before the update.  Batches with zeros are
at steps 15, 17 and 23 (the others have none); the loop catches the error, prints it
and skips the batch.  At step 20 `tf.debugging.disable_check_numerics()` turns the
checks off again, so step 23 trains.  A graph built before the switch has no
CheckNumerics ops (tf.function adds them only when it traces under the callback), so it
would train on step 15 and 17 where eager raised.  Probes: TF's op-callback
configuration (a thread-local of the eager context, not a config option) changed
between graph calls.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1312)
rng = np.random.default_rng(1312)

XS = rng.uniform(0.1, 2.0, size=(30, 8, 5)).astype(np.float32)
for s in (15, 17, 23):
    XS[s, 3, 2] = 0.0
YS = np.log1p(XS.sum(axis=2, keepdims=True)).astype(np.float32)

W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
B = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        barrier = tf.where(x > 0.0, tf.math.log(x), 0.0)
        loss = tf.reduce_mean(tf.square(pred - y)) - 0.01 * tf.reduce_mean(barrier)
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


skipped = []
for step in range(30):
    if step == 12:
        tf.debugging.enable_check_numerics()
    if step == 20:
        tf.debugging.disable_check_numerics()
    try:
        loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
        print(step, repr(float(loss)))
    except tf.errors.InvalidArgumentError as e:
        skipped.append(step)
        print(step, "skipped:", type(e).__name__)

print(json.dumps({
    "skipped": skipped,
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "iterations": int(OPT.iterations.numpy()),
}))
