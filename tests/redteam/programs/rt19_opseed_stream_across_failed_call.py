"""A step draws noise with `seed=21` and then checks its input batch with
`tf.debugging.check_numerics`; batches 12 and 19 hold a NaN, so those calls raise
InvalidArgumentError (the loop catches it and skips the batch).  Eager runs the draw
BEFORE the check fails, so its kernel's stream has moved by one draw at a failing call
even though the step raised and no update happened.  A graph call that fails must leave
every state as it was (its positions moved back) and the interpreter's re-run moves the
stream once, as eager did.  The loop also draws with seed 21 outside the step right
after each failure and at step 25.  Probes: fixed-seed stream positions across a graph
call that fails after drawing (once moved by the graph, once by the re-run, or not at
all) and across later graph calls."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1993)
rng = np.random.default_rng(1993)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
XS[(12 * 8) % 56 + 3, 1] = np.nan
XS[(19 * 8) % 56 + 5, 2] = np.nan
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        noise = tf.random.normal([8, 4], seed=21)
        x = tf.debugging.check_numerics(x, "batch")
        h = tf.tanh((x + 0.1 * noise) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, noise[0, 0]


outside = []
failed = []
for step in range(30):
    i = (step * 8) % 56
    try:
        loss, n0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), repr(float(n0)))
    except tf.errors.InvalidArgumentError:
        failed.append(step)
        d = tf.random.normal([2], seed=21)
        outside.append([repr(float(v)) for v in d.numpy()])
        print(step, "failed; outside", outside[-1])
    if step == 25:
        d = tf.random.normal([2], seed=21)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "failed": failed,
    "outside": outside,
    "iterations": int(OPT.iterations.numpy()),
}))
