"""A training step that calls the program's own XLA-compiled helper,
`@tf.function(jit_compile=True) def focal_terms(logits, labels, gamma)`, for a focal
loss built from exp/log/softmax/pow (ops XLA fuses and rounds otherwise than TF's
kernels), plus a plain `@tf.function` helper for a penalty with a `x ** 2` and a
division.  Eager runs the first as one XLA cluster and the second with TF's graph
rewrites, so the step's floats are those functions' own.  `gamma` is a Python float
argument (one trace per value): the loop changes it at step 12 and back at step 20, and
the batch size changes at step 24 (new traces).  Probes: the program's tf.functions
with `jit_compile=True` called inside a converted step under a tape (their compilation
and rewrites kept as eager has them, forward and backward), and their traces per
Python value and shape."""
import random

import numpy

random.seed(568)
numpy.random.seed(568)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(568)
rng = np.random.default_rng(568)
XS = rng.normal(size=(240, 6)).astype(np.float32)
LAB = (XS[:, 0] + 0.5 * XS[:, 1] > 0.3).astype(np.int32) + (XS[:, 2] > 1.0).astype(np.int32)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="tanh"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(0.01)
TRACES = []


@tf.function(jit_compile=True)
def focal_terms(logits, labels, gamma):
    TRACES.append(("focal", tuple(logits.shape), gamma))
    p = tf.nn.softmax(logits)
    pt = tf.reduce_sum(p * tf.one_hot(labels, 3), axis=1)
    logpt = tf.math.log(pt + 1e-7)
    return -tf.pow(1.0 - pt, gamma) * logpt


@tf.function
def penalty(w):
    TRACES.append(("penalty", tuple(w.shape)))
    return tf.reduce_sum(w ** 2) / 7.0


def train_step(x, y, gamma):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = tf.reduce_mean(focal_terms(logits, y, gamma)) + 0.01 * penalty(MODEL.layers[0].kernel)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    gamma = 2.0 if (step < 12 or step >= 20) else 0.5
    bs = 8 if step < 24 else 12
    i = (step * bs) % 216
    loss = train_step(tf.constant(XS[i:i + bs]), tf.constant(LAB[i:i + bs]), gamma)
    print(step, repr(float(loss)), repr(float(MODEL.layers[0].kernel.numpy()[0, 0])), len(TRACES))

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
                  "traces": [list(map(str, t)) for t in TRACES]}))
