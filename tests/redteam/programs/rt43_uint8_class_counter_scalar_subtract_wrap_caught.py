"""Class-balance monitoring with compact counters: the step counts positive and negative
predictions as numpy uint8 scalars (`tf.reduce_sum(...).numpy().astype(np.uint8)`) and
computes the imbalance `pos - neg`.  The program turns numpy's RuntimeWarnings into
errors (`warnings.simplefilter("error", RuntimeWarning)`) to catch silent wraparound;
the step catches the RuntimeWarning that numpy raises for a scalar uint8 subtraction that
wraps ("overflow encountered in scalar subtract") and records a signed imbalance
instead.  Arrays wrap silently in numpy; scalars warn.  Negatives outnumber positives
after the bias moves at step 12.  Probes: numpy scalar unsigned arithmetic on `.numpy()`
values, warnings as errors caught inside the step."""
import random

import numpy

random.seed(4327)
numpy.random.seed(4327)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4327)
warnings.simplefilter("error", RuntimeWarning)
rng = np.random.default_rng(4327)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
B = tf.Variable(np.array([1.5], np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOG = {"wrapped": 0, "imbalance": []}


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W + B
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    pos = tf.reduce_sum(tf.cast(logits > 0, tf.int32)).numpy().astype(np.uint8)
    neg = tf.reduce_sum(tf.cast(logits <= 0, tf.int32)).numpy().astype(np.uint8)
    try:
        imb = pos - neg
        LOG["imbalance"].append(int(imb))
    except RuntimeWarning:
        LOG["wrapped"] += 1
        imb = -1
        LOG["imbalance"].append(int(pos) - int(neg))
    return loss, pos, neg, imb


for step in range(30):
    if step == 12:
        B.assign([-2.5])
    i = (step * 16) % 112
    loss, pos, neg, imb = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(pos), repr(neg), repr(imb), LOG["wrapped"])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "log": LOG}))
