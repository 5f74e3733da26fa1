"""The step's loss helper is the program's own `tf.function(reduce_retracing=True)`
taking the scores, the labels and a Python float `SCALE`; its Python body reads
`CFG["margin"]` and appends the traced input shape to `TRACES` only when TF traces it.
With reduce_retracing, TF traces the first batch size exactly, then one relaxed
(None-batch) trace at the second size that serves every later size; a new SCALE value
is a new trace.  The loop changes the batch size every 5 steps (16, 12, 8, 12, 10, 16,
8), changes CFG["margin"] at step 3 (baked into the relaxed trace at step 5), again at
step 12 (no trace follows: eager keeps 0.5), changes SCALE at step 23 (a new trace that
bakes margin 2.0) and the margin once more at step 28.
Probes: the program's tf.function with reduce_retracing called from a converted step
over changing batch sizes and a Python argument: which calls trace (and so which
global values are baked in) must be eager's."""
import random

import numpy

random.seed(5525)
numpy.random.seed(5525)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5525)
rng = np.random.default_rng(5525)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = np.where(XS[:, :1] * XS[:, 1:2] > 0, 1.0, -1.0).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
CFG = {"margin": 1.0}
SCALE = 1.0
TRACES = []


@tf.function(reduce_retracing=True)
def hinge(score, y, scale):
    TRACES.append((tuple(score.shape), CFG["margin"], scale))
    return tf.reduce_mean(tf.nn.relu(CFG["margin"] - score * y)) * scale


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = hinge(MODEL(x, training=True), y, SCALE)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


SIZES = [16, 12, 8, 12, 10, 16, 8]
pos = 0
for step in range(35):
    if step == 3:
        CFG["margin"] = 0.5
    if step == 12:
        CFG["margin"] = 2.0
    if step == 23:
        SCALE = 0.5
    if step == 28:
        CFG["margin"] = 0.25
    n = SIZES[step // 5]
    x = tf.constant(XS[pos:pos + n])
    y = tf.constant(YS[pos:pos + n])
    pos = (pos + n) % 140
    loss = train_step(x, y)
    print(step, n, repr(float(loss)), len(TRACES), TRACES[-1])

print(json.dumps({"traces": [[list(s), m, c] for s, m, c in TRACES],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
