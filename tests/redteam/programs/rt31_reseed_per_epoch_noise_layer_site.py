"""Reproducible-per-epoch augmentation: a noise layer of the program's adds
tf.random.normal (no op seed) to its input in call(); it sits in the model a
co-executed step calls (zlib.crc32 of the batch picks the mixing partner).  The step
also draws tf.random.uniform itself between the model site and the loss site.
Every 8 steps the loop calls tf.random.set_seed(100 + epoch), which resets eager's
op-seed counter; at step 20 it calls keras.utils.set_random_seed instead.  Probes:
unseeded TF draws inside a model site after the global seed is reset mid-run,
interleaved with the step's own draws."""
import random

import numpy

random.seed(60)
numpy.random.seed(60)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6001)
rng = np.random.default_rng(6001)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)


class Jitter(keras.layers.Layer):
    def call(self, x, training=False):
        if training:
            return x + 0.1 * tf.random.normal(tf.shape(x))
        return x


model = keras.Sequential([keras.Input((5,)), Jitter(), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(0.05)
crcs = []


def train_step(x, y):
    k = zlib.crc32(x.tobytes()) % 8
    crcs.append(k)
    x = np.concatenate([x[k:], x[:k]]) * 0.9 + x * 0.1
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        w = tf.random.uniform((8, 1), 0.5, 1.5)
        loss = mse(y, pred, sample_weight=w)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, w


for step in range(30):
    if step % 8 == 0:
        tf.random.set_seed(100 + step // 8)
    if step == 20:
        keras.utils.set_random_seed(7)
    i = (step * 8) % 56
    loss, w = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(float(w[0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:], "tail": repr(float(tf.random.uniform(()))),
}))
