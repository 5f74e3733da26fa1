"""Probes a plain `for v in BUF` over a program list whose body replaces the list's
*contents* through slice assignment (`BUF[:] = [...]`, `BUF[1:3] = []`, `BUF[len(BUF):]
= [...]`) and sorts it in place (`BUF.sort()`).  CPython's list iterator is an index
into the same object: after `BUF[:] = shorter` it continues at the same index in the new
contents, after `BUF.sort()` it reads the sorted order from the current index on.  The
step computes a sum of rescaled priorities this way (bounded at 10 visits).  The loop
refills BUF from a template before every call and edits the template at steps 9, 18
and 27.  A graph whose live iteration did not follow slice assignment or sort would
visit other items and leave another BUF."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2241)
np.random.seed(2241)
keras.utils.set_random_seed(2241)
rng = np.random.default_rng(2241)

XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, 1:2] * XS[:, 2:3] + XS[:, :1]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
TEMPLATE = [0.9, 0.1, 0.6, 0.3, 0.7]
BUF = []


def train_step(x, y):
    total = 0.0
    seen = []
    for v in BUF:
        seen.append(v)
        total += v
        if v > 0.8:
            BUF[:] = [u * 0.5 for u in BUF[1:]]
        elif v < 0.2:
            BUF.sort()
        elif v > 0.5:
            BUF[1:3] = []
        if len(seen) >= 10:
            break
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * (1.0 + 0.1 * total)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, total, seen


for step in range(36):
    if step == 9:
        TEMPLATE.insert(0, 0.15)
    if step == 18:
        TEMPLATE[1] = 0.95
    if step == 27:
        TEMPLATE.extend([0.05, 0.85])
    BUF[:] = TEMPLATE
    i = (step * 8) % 64
    loss, total, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(total), seen, BUF)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "buf": BUF,
}))
