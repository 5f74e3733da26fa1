"""The step logs each step's loss with print(..., file=LOG), where LOG is an
io.TextIOWrapper over an io.BytesIO (no line buffering, no write-through): in eager
the text waits in the wrapper's pending buffer and the BytesIO stays empty until 8 KiB
accumulate or something flushes.  The loop reports the BytesIO's size after each step
without flushing.  At step 12 the loop switches the wrapper to line buffering
(`LOG.reconfigure(line_buffering=True)`), from which point every newline reaches the
bytes.  Probes: output replayed after the graph to a buffered text stream whose
buffering the program observes: a replay must not flush more (or less) than eager's
print did."""
import random

import numpy

random.seed(4516)
numpy.random.seed(4516)

import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4516)
rng = np.random.default_rng(4516)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, 3:4] - XS[:, :1] * 0.25).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
RAW = io.BytesIO()
LOG = io.TextIOWrapper(RAW, encoding="utf-8")


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print("step", step, "loss", float(loss), file=LOG)
    print("  grad-norm", float(tf.linalg.global_norm(grads)), end=" ;\n", file=LOG)
    return loss


for step in range(24):
    if step == 12:
        LOG.reconfigure(line_buffering=True)
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), len(RAW.getvalue()))

LOG.flush()
text = RAW.getvalue().decode()
print(json.dumps({"lines": len(text.splitlines()), "tail": text.splitlines()[-2:],
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
