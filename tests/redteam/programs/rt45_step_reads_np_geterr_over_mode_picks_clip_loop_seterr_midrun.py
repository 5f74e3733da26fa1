"""A defensive step that adapts to numpy's floating-point error policy: it reads
`np.geterr()["over"]`, and when overflow is set to "raise" it clips the gradients more
tightly (the run is in "strict" mode) and tags the record with the mode string.  At
step 10 the loop calls `np.seterr(over="raise")` (as a debugging session would), and
at step 18 `np.seterr(over="warn")` again.  Probes: numpy's error state (a context
variable behind a getter) read by the step to take a Python decision, changed mid-run
by the loop."""
import random

import numpy

random.seed(4522)
numpy.random.seed(4522)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4522)
rng = np.random.default_rng(4522)
XS = rng.normal(size=(90, 5)).astype(np.float32) * 2.0
YS = (XS[:, :1] * 1.5 + XS[:, 4:5]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
MODES = []


def train_step(x, y):
    mode = np.geterr()["over"]
    clip = 0.25 if mode == "raise" else 2.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    grads, norm = tf.clip_by_global_norm(grads, clip)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    MODES.append(mode)
    return loss, norm, clip


for step in range(26):
    if step == 10:
        np.seterr(over="raise")
    if step == 18:
        np.seterr(over="warn")
    i = (step * 9) % 81
    loss, norm, clip = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    print(step, repr(float(loss)), repr(float(norm)), repr(clip), MODES[-1])

print(json.dumps({"modes": MODES[8:12],
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
