"""A helper calls Keras' own `Model.train_step((x, y, w))` directly (the TF trainer's
default step: its tape, compute_loss, loss tracker, `optimizer.apply` and
compute_metrics) and keeps the logs dict it returns, without `fit`.  The loop recompiles
mid-run with the same optimizer and more metrics at step 9, resets the metrics with
`MODEL.reset_metrics()` every 7 steps, sets the optimizer's learning rate through its
property at step 15, and recompiles with `loss_weights` and a weighted metric at step
21.  Probes: a tape entered only inside library code called from the program's helper,
Keras' metric list and compiled loss replaced by compile(), metric resets from outside
between converted calls, and the logs dict (its key order and value types) the helper
stores in a global history."""
import random

import numpy

random.seed(533)
numpy.random.seed(533)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(533)
rng = np.random.default_rng(533)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32) + 0.1).astype(np.float32)
WS = (rng.random(size=(200, 1)) + 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.RMSprop(learning_rate=0.01)
MODEL.compile(optimizer=OPT, loss="mse")
HIST = []


def fit_batch(x, y, w):
    logs = MODEL.train_step((x, y, w))
    HIST.append(logs)
    return logs


for step in range(30):
    if step == 9:
        MODEL.compile(optimizer=OPT, loss="mse", metrics=["mae", keras.metrics.RootMeanSquaredError()])
    if step % 7 == 6:
        MODEL.reset_metrics()
    if step == 15:
        OPT.learning_rate = 0.003
    if step == 21:
        MODEL.compile(optimizer=OPT, loss="mae", loss_weights=2.0,
                      weighted_metrics=[keras.metrics.MeanSquaredError(name="wmse")])
    i = (step * 8) % 192
    logs = fit_batch(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(WS[i:i + 8]))
    print(step, [(k, type(v).__name__, repr(float(v))) for k, v in logs.items()])

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "iters": int(OPT.iterations.numpy()),
    "hist_keys": [list(h) for h in HIST[::6]],
    "same": HIST[-1] is HIST[-2],
}))
