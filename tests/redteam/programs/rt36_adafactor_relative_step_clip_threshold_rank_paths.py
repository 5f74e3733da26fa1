"""keras.optimizers.Adafactor decides in Python per variable: for a kernel (rank >= 2)
it keeps factored row/column second moments (`_r`, `_c`), for a bias (rank 1) the
full `_v`; and `relative_step` (a Python bool read inside update_step) clamps the
learning rate to 1/sqrt(step).  Mid-run the loop flips `opt.relative_step` to False
(step 8), lowers `opt.clip_threshold` from 1.0 to 0.05 (step 15, the update is then
clipped by its RMS) and sets `opt.beta_2_decay = -0.5` (step 22)."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3628)
rng = np.random.default_rng(3628)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2] * 1.5).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.Adafactor(learning_rate=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 8:
        OPT.relative_step = False
    if step == 15:
        OPT.clip_threshold = 0.05
    if step == 22:
        OPT.beta_2_decay = -0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(MODEL.layers[0].kernel.numpy()[0, 0]).hex(),
          OPT.relative_step, OPT.clip_threshold)

print(json.dumps({
    "k0": [float(v).hex() for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [float(v).hex() for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "slots": [float(np.sum(v.numpy())).hex() for v in OPT.variables[:6]],
}))
