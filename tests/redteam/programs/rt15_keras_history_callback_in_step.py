"""Probe: library objects that keep plain Python state, driven from inside the step.

The step ends by calling Keras callbacks itself: `HIST.on_epoch_end(n, logs)` of a
keras.callbacks.History (library code that appends `n` to `HIST.epoch`, each logs value
to `HIST.history[key]`, creating keys with setdefault, and sets `model.history`), with logs holding a
Python float (`float(loss)`), a tensor (`loss`), and a Python int; and
`LAMBDA.on_batch_end(n, logs)` of a keras.callbacks.LambdaCallback whose function is
the program's own and records the logs it gets. At step 15 the program adds a new key
to the logs (a Python flag, so the step's code path changes) and at step 20 it replaces `HIST.history` with a fresh dict and calls
`HIST.on_train_begin()` (which rebinds `HIST.epoch` to a new list). Eager runs the
library code at each call, so the lists grow by one per step. A build that runs
library Python natively once (or leaves its list writes out of the commit) leaves the
history short or holding graph tensors. Mechanism: Python-state writes made by
library code (not the program's code) inside a converted step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1526)
rng = np.random.default_rng(1526)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)

HIST = keras.callbacks.History()
HIST.set_model(model)
HIST.on_train_begin()
SEEN = []
LAMBDA = keras.callbacks.LambdaCallback(
    on_batch_end=lambda batch, logs: SEEN.append((batch, sorted(logs))))
EXTRA = [False]


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    logs = {"loss": float(loss), "loss_t": loss, "n": n}
    if EXTRA[0]:
        logs["extra"] = n * 2
    HIST.on_epoch_end(n, logs)
    LAMBDA.on_batch_end(n, logs)
    return loss


for step in range(30):
    if step == 15:
        EXTRA[0] = True
    if step == 20:
        HIST.history = {}
        HIST.on_train_begin()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)), "epochs", len(HIST.epoch),
          {k: len(v) for k, v in sorted(HIST.history.items())},
          type(HIST.history["loss_t"][-1]).__name__, len(SEEN))

print(json.dumps({
    "epoch_tail": HIST.epoch[-3:],
    "loss_tail": [round(v, 6) for v in HIST.history["loss"][-3:]],
    "loss_t_tail": [round(float(v), 6) for v in HIST.history["loss_t"][-3:]],
    "extra": HIST.history.get("extra"),
    "seen_tail": SEEN[-2:],
}))
