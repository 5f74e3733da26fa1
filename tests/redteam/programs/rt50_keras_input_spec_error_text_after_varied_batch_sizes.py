"""A Dense model trained on batches whose size varies (4, 5, 6, 7 rows, so a converting
system would relax the batch dimension); every 6th step from step 11 on, the loop hands
the step a batch with the wrong feature count (3 columns instead of 4).  Keras' input
check raises ValueError inside the step; the step catches it, stores `str(e)` in a
Python list and returns None.  The message names the received shape, with the batch
size eager sees.  Probes: a library error raised while calling a Keras model in a hot
step, caught by the step itself, its exact text (shapes in it), the Python list written
in the handler, the weights."""
import random

import numpy

random.seed(70)
numpy.random.seed(70)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7021)
rng = np.random.default_rng(7021)
XS = rng.normal(size=(300, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.8 - XS[:, 2:3]).astype(np.float32)

inp = keras.Input((4,), name="feats")
out = keras.layers.Dense(1, name="head")(keras.layers.Dense(5, activation="relu", name="body")(inp))
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.SGD(learning_rate=0.05)
ERRS = []


def train_step(x, y):
    try:
        with tf.GradientTape() as tape:
            pred = MODEL(x, training=True)
            loss = tf.reduce_mean(tf.square(pred - y))
    except ValueError as e:
        ERRS.append(str(e))
        return None
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


pos = 0
for step in range(40):
    n = 4 + step % 4
    x = XS[pos:pos + n]
    y = YS[pos:pos + n]
    pos = (pos + n) % 250
    if step >= 11 and step % 6 == 5:
        x = x[:, :3]
    loss = train_step(tf.constant(x), tf.constant(y))
    if loss is None:
        print(step, "error:", ERRS[-1].replace("\n", " | "))
    else:
        print(step, n, repr(float(loss)))

print(json.dumps({
    "n_errs": len(ERRS),
    "distinct": sorted(set(ERRS)),
    "w": [repr(float(v)) for v in MODEL.get_layer("head").kernel.numpy().ravel()],
}))
