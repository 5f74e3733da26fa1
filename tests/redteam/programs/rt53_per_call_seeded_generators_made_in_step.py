"""Reproducible per-step augmentation, the way data-loading code often does it: the step
makes `np.random.default_rng(SEED + step)` and `random.Random(step * 7)` itself from its
step-number argument, draws input noise and a column permutation from the numpy
generator and a drop decision and a jitter from the Python one, and stores the last
numpy generator in a global (the loop draws once more from it after the call).  SEED
changes at step 15.  Probes: generators constructed inside the step from a changing
Python int (new objects and fresh state every call, not shared streams), draws from
them, and a generator the step made escaping to the program's state."""
import random

import numpy

random.seed(564)
numpy.random.seed(564)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(564)
rng = np.random.default_rng(564)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-0.5], [2.0]], np.float32)).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.02)
SEED = 1000
LAST = {"rng": None}


def train_step(x, y, step):
    r = np.random.default_rng(SEED + step)
    p = random.Random(step * 7)
    noise = r.normal(size=(8, 4)).astype(np.float32) * 0.1
    perm = r.permutation(4)
    drop = p.random() < 0.3
    jitter = p.uniform(0.9, 1.1)
    x = tf.gather(x + noise, perm, axis=1) * jitter
    if drop:
        x = x * tf.constant([[1.0, 1.0, 0.0, 1.0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    LAST["rng"] = r
    return loss, perm, drop, jitter


for step in range(30):
    if step == 15:
        SEED = 5000
    i = (step * 8) % 152
    loss, perm, drop, jitter = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), perm.tolist(), drop, repr(jitter), repr(float(LAST["rng"].random())))

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "py": repr(random.random()), "np": repr(float(numpy.random.random()))}))
