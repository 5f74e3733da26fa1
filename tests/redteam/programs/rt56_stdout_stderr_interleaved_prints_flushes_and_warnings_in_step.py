"""The step reports on both standard streams: `print(...)` to stdout, `print(...,
file=sys.stderr)`, `sys.stderr.write(...)` and a `warnings.warn` (shown on stderr) when
the loss rose, and it calls `sys.stdout.flush()` when the program's FLUSH flag is set.
With stdout a pipe (block-buffered) and stderr line-buffered, the order in which the
lines of the two streams reach one file depends on exactly where stdout is flushed.
The loop turns FLUSH on at step 8, off at step 16, on at step 24, and switches the
stderr target to a StringIO for steps 12-19 (printing its contents afterwards).
Probes: output to two streams from a converted step, flushes as output events, a
stream object swapped between calls."""
import random

import numpy

random.seed(5645)
numpy.random.seed(5645)

import io
import json
import sys
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5645)
rng = np.random.default_rng(5645)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)

FLUSH = [False]
LAST = [1e9]
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    value = float(loss)
    print("out", step, repr(value))
    print("err", step, file=sys.stderr)
    if value > LAST[0]:
        warnings.warn("loss rose at step %d" % step)
        sys.stderr.write("rose %d\n" % step)
    LAST[0] = value
    if FLUSH[0]:
        sys.stdout.flush()
    return loss


warnings.simplefilter("always")
saved_err = sys.stderr
for step in range(30):
    if step == 8:
        FLUSH[0] = True
    if step == 12:
        sys.stderr = io.StringIO()
    if step == 16:
        FLUSH[0] = False
    if step == 20:
        captured = sys.stderr.getvalue()
        sys.stderr = saved_err
        print("captured", captured.count("\n"), captured.splitlines()[-1])
    if step == 24:
        FLUSH[0] = True
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
