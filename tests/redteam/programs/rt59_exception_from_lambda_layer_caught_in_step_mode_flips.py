"""Two Sequential models: MAIN contains a keras.layers.Lambda wrapping the program's
`range_guard`, which raises the program's RangeAlarm when the global MODE says
"strict"; the step calls MAIN inside `try` and, on RangeAlarm (raised from the program's
callback, through Keras' Layer.__call__ and its traceback filtering), falls back to
the BACKUP model and its own optimizer.  The loop flips MODE["strict"] at steps 10
(on), 18 (off) and 26 (on).  Each step prints the loss, the path taken and repr() of
the text of the last alarm, which Keras' traceback filtering rewrites on the way out
(it adds "Exception encountered when calling Lambda.call()" and a description of the
arguments, `inputs=tf.Tensor(shape=(16, 8), dtype=float32)`).  Batches cycle through
five sizes, so the batch dimension janus builds for is relaxed after three sizes.
Probes: an exception the program raises inside a library callback, propagating through
library frames into the step's handler, decided by Python state that changes between
converted steps."""
import random

import numpy

random.seed(5924)
numpy.random.seed(5924)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5924)
rng = np.random.default_rng(5924)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 1:2] + 0.25 * XS[:, 2:3] * XS[:, 3:4]).astype(np.float32)


class RangeAlarm(Exception):
    pass


MODE = {"strict": False}
LAST = ["-"]


def range_guard(h):
    if MODE["strict"]:
        raise RangeAlarm("strict mode: activations not range-checked")
    return h


MAIN = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                         keras.layers.Lambda(range_guard), keras.layers.Dense(1)])
BACKUP = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
OPT_MAIN = keras.optimizers.SGD(learning_rate=0.05)
OPT_BACKUP = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        try:
            pred = MAIN(x, training=True)
            model, opt, path = MAIN, OPT_MAIN, "main"
        except RangeAlarm as alarm:
            LAST[0] = str(alarm)
            pred = BACKUP(x, training=True)
            model, opt, path = BACKUP, OPT_BACKUP, "backup"
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, path


SIZES = (18, 16, 14, 12, 10)
for step in range(34):
    if step == 10:
        MODE["strict"] = True
    if step == 18:
        MODE["strict"] = False
    if step == 26:
        MODE["strict"] = True
    n = SIZES[step % len(SIZES)]
    i = (step * 18) % 180
    loss, path = train_step(tf.constant(XS[i:i + n]), tf.constant(YS[i:i + n]))
    print(step, repr(float(loss)), path, repr(LAST[0]))

print(json.dumps({
    "main": [repr(float(v)) for v in MAIN.layers[-1].kernel.numpy().ravel()],
    "backup": [repr(float(v)) for v in BACKUP.layers[-1].kernel.numpy().ravel()],
}))
