"""Per-variable gradient norms logged by handing a list's bound `append` to library code:
`tf.nest.map_structure(SINK, norms)` calls SINK once per leaf (eager TF calls it from
its own Python), where `SINK = NORM_LOG.append` is a global.  The loop reads the
logged tensors after each step (their count and the last value).  At step 12 the loop
rebinds `SINK = AUX_LOG.append`, redirecting the logging to another list.  Probes: a C
method of the program's list passed as the callback of a TF utility that runs it per
leaf: the appends (of tensors the step computed) must happen at every call, to the list
SINK names at that call, with eager's values."""
import random

import numpy

random.seed(4525)
numpy.random.seed(4525)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4525)
rng = np.random.default_rng(4525)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, 1:2] * 0.7 + XS[:, 3:4] * 0.2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
NORM_LOG = []
AUX_LOG = []
SINK = NORM_LOG.append


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    norms = {"k0": tf.norm(grads[0]), "b0": tf.norm(grads[1]), "k1": tf.norm(grads[2])}
    tf.nest.map_structure(SINK, norms)
    return loss


for step in range(24):
    if step == 12:
        SINK = AUX_LOG.append
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    last = NORM_LOG[-1] if step < 12 else AUX_LOG[-1]
    print(step, repr(float(loss)), len(NORM_LOG), len(AUX_LOG), repr(float(last)),
          type(last).__name__)

print(json.dumps({"norm_tail": [repr(float(v)) for v in NORM_LOG[-3:]],
                  "aux_tail": [repr(float(v)) for v in AUX_LOG[-3:]],
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
