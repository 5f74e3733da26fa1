"""A co-executed step (a crc32 of the observation bytes picks the loss's sign
convention in Python, so the step stays in the interpreter) uses ONE persistent tape
for a gradient-norm penalty: inside the `with` block it asks the tape itself for the
gradients of the data loss, forms their squared norm, and adds it to the loss; after
the block it asks the same tape for the gradient of the total.  For the first 12 steps
the inner gradient is taken under `tape.stop_recording()` (the penalty is a constant to
the tape, the outer gradient is first-order); from step 12 on it is taken while the
tape records, so eager records the backward ops on the very tape being differentiated
and the outer gradient holds second-order terms.  Probes: a deferred walk run while its
own tape records (the walk must be recorded), then a gradient of it."""
import random

import numpy

random.seed(4604)
numpy.random.seed(4604)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4604)
rng = np.random.default_rng(4604)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.sin(XS[:, :2]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
FLAGS = {"record_inner": False}
SIGNS = []


def train_step(x, y):
    sign = -1.0 if zlib.crc32(x.numpy().tobytes()) % 4 == 0 else 1.0
    SIGNS.append(sign)
    with tf.GradientTape(persistent=True) as tape:
        out = MODEL(x)
        data = tf.reduce_mean(tf.square(out - sign * y))
        if FLAGS["record_inner"]:
            inner = tape.gradient(data, MODEL.trainable_variables)
            pen = tf.add_n([tf.reduce_sum(g * g) for g in inner])
        else:
            with tape.stop_recording():
                inner = tape.gradient(data, MODEL.trainable_variables)
                pen = tf.add_n([tf.reduce_sum(g * g) for g in inner])
        total = data + 0.3 * pen
    grads = tape.gradient(total, MODEL.trainable_variables)
    again = tape.gradient(data, MODEL.trainable_variables[0])
    del tape
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return data, pen, grads, again


for step in range(26):
    if step == 12:
        FLAGS["record_inner"] = True
    i = (step * 8) % 88
    data, pen, grads, again = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(data)), repr(float(pen)), repr(float(grads[0][1, 2])),
          repr(float(grads[2][4, 1])), repr(float(grads[3][0])), repr(float(again[3, 5])))

print(json.dumps({"signs": SIGNS, "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()]}))
