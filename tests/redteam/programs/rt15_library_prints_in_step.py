"""Probe: library code that writes to stdout by itself, called inside the hot step.

Inside the step, on every 6th call, the program calls `model.summary()` (Keras prints a
table through its own io_utils / rich console to sys.stdout, and the table shows the
current trainable / non-trainable parameter counts), `keras.utils.io_utils.print_msg`
with a message built from Python numbers, and numpy's `np.savetxt(sys.stdout, ...)` of
a small constant array. At step 14 the loop freezes the first layer
(`layer.trainable = False`), which changes both the gradients and the summary's
counts. Between these library writes the step uses plain `print`. Eager writes
everything at its place, every time the branch runs. A build that runs library code
natively prints at build time only (or before the deferred prints of the program), or
keeps the counts of the build. Mechanism: output produced by installed packages' code
(not the program's print/logging) inside a converted step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import sys

import keras
import numpy as np
import tensorflow as tf
from keras.src.utils import io_utils

keras.utils.set_random_seed(1527)
rng = np.random.default_rng(1527)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh", name="hidden"),
                          keras.layers.Dense(1, name="out")], name="tiny")
opt = keras.optimizers.SGD(learning_rate=0.05)
TABLE = np.array([[1.5, 2.25], [3.0, 4.125]])


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if n % 6 == 0:
        print(f"--- step {n}: summary follows")
        model.summary(line_length=72)
        io_utils.print_msg(f"print_msg: n={n} trainable={len(model.trainable_variables)}")
        np.savetxt(sys.stdout, TABLE * (n + 1), fmt="%.3f")
        print(f"--- step {n}: end of library output")
    return loss


for step in range(30):
    if step == 14:
        model.layers[0].trainable = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)))

print(json.dumps({"w_out": [round(float(v), 6) for v in model.layers[1].kernel.numpy().ravel()],
                  "w_hidden0": [round(float(v), 6) for v in model.layers[0].kernel.numpy().ravel()[:4]]}))
