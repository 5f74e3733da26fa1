"""A regressor whose first layer is keras.layers.Normalization adapted to the first data
domain.  From step 10 the inputs shift (scaled and offset), and the loop re-adapts the
layer as a domain-adaptation script does: `NORM.adapt(shifted)` at step 14 (Keras
assigns its adapt_mean/adapt_variance variables and rebuilds the plain tensors
`NORM.mean`/`NORM.variance` it keeps as attributes and reads in call), `NORM.adapt` on a
mix of both domains at step 22, and at step 28 an adapt on rescaled data followed by an
explicit `NORM.finalize_state()`.  Probes: a preprocessing layer inside a Sequential
whose call reads tensor attributes that adapt() replaces between converted calls."""
import random

import numpy

random.seed(5631)
numpy.random.seed(5631)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5631)
rng = np.random.default_rng(5631)
BASE = rng.normal(size=(160, 4)).astype(np.float32)
SHIFT = (BASE * np.array([3.0, 0.5, 1.0, 2.0], np.float32) + np.array([1.0, -2.0, 0.5, 4.0], np.float32))
YS = (BASE[:, :1] - BASE[:, 2:3] * BASE[:, 3:4]).astype(np.float32)

NORM = keras.layers.Normalization(axis=-1)
NORM.adapt(BASE[:80])
MODEL = keras.Sequential([keras.Input((4,)), NORM, keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 14:
        NORM.adapt(SHIFT[:80])
    if step == 22:
        NORM.adapt(np.concatenate([BASE[80:120], SHIFT[120:]], axis=0))
    if step == 28:
        NORM.adapt(SHIFT[40:120] * 0.5)
        NORM.finalize_state()
    data = SHIFT if step >= 10 else BASE
    i = (step * 8) % 152
    loss = train_step(tf.constant(data[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(np.asarray(NORM.mean).ravel()[0])),
          repr(float(MODEL.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({"mean": [repr(float(v)) for v in np.asarray(NORM.mean).ravel()],
                  "var": [repr(float(v)) for v in np.asarray(NORM.variance).ravel()],
                  "k": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]]}))
