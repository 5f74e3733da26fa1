"""EMA of weights kept as a Python dict of tensors (not variables), keyed by
variable path, updated inside the step after the optimizer: ema[k] = d*ema[k] +
(1-d)*v.  DECAY is a Python global changed at step 12.  At steps 16 and 26 the
program swaps the EMA values into the model for an evaluation (assign), then restores
the raw weights from a numpy backup.  Probes: tensors the converted step stores in a
Python dict and reads back on the next call; weights assigned between calls."""
import random

import numpy

random.seed(33)
numpy.random.seed(33)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3301)
rng = np.random.default_rng(3301)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
loss_fn = keras.losses.Huber(delta=0.5)
ema = {}
DECAY = 0.8


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    for v in model.trainable_variables:
        k = v.path
        if k in ema:
            ema[k] = DECAY * ema[k] + (1.0 - DECAY) * v
        else:
            ema[k] = tf.identity(v)
    return loss


def evaluate():
    return float(tf.reduce_mean(tf.square(model(tf.constant(XS)) - YS)))


for step in range(30):
    if step == 12:
        DECAY = 0.95
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    line = [step, repr(float(loss))]
    if step in (16, 26):
        backup = [v.numpy() for v in model.trainable_variables]
        for v in model.trainable_variables:
            v.assign(ema[v.path])
        line.append(repr(evaluate()))
        for v, b in zip(model.trainable_variables, backup):
            v.assign(b)
    print(*line)

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "ema": {k: repr(float(np.asarray(t).ravel()[0])) for k, t in sorted(ema.items())},
    "types": sorted({type(t).__name__ for t in ema.values()}),
}))
