"""A data pipeline bug: every 6th batch (from step 4) drops a feature column, and step
15 sends a rank-3 batch.  The step first counts the batch in a global dict, prints a
line, appends the batch size to a history, then calls the Keras model, whose input
spec check raises ValueError for the bad batches; the loop catches it and prints the
whole message (which shows the arguments Keras received).  Eager keeps the writes and the print made before the raise.
Probes: a library exception raised while the model call is set up (at build time for a
graph) on some calls only, the Python writes and output that precede it in the failing
call, and the shape-specific graphs of the good calls around it."""
import random

import numpy

random.seed(555)
numpy.random.seed(555)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(555)
rng = np.random.default_rng(555)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) * 0.4).astype(np.float32)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(0.01)
STATS = {"seen": 0, "ok": 0}
SIZES = []


def train_step(x, y):
    STATS["seen"] += 1
    print("  batch", STATS["seen"], tuple(x.shape))
    SIZES.append(int(x.shape[0]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    STATS["ok"] += 1
    return loss


for step in range(32):
    i = (step * 8) % 152
    x = XS[i:i + 8]
    if step >= 4 and step % 6 == 4:
        x = x[:, :5]
    if step == 15:
        x = x[:, None, :]
    try:
        loss = train_step(tf.constant(x), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), STATS)
    except ValueError as e:
        print(step, "caught", type(e).__name__, repr(str(e)), STATS)

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "stats": STATS, "sizes": len(SIZES), "iters": int(OPT.iterations.numpy())}))
