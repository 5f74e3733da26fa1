"""A raw-variable regressor (large targets, so gradients are big) trained with Keras
SGD whose gradient clipping the *step itself* chooses before `apply_gradients`:
`object.__setattr__(OPT, "clipvalue", CLIPS[STAGE])` -- bypassing the optimizer's
tracking `__setattr__` (AutoTrackable's) -- after which Keras' `_clip_gradients` reads
`self.clipvalue` natively in the same call.  The loop moves STAGE (a global int) at
steps 9 and 18, and at step 27 replaces the CLIPS tuple.  Each step prints the loss and
OPT.clipvalue after the step.
Probes: the step's own write of a library object's plain attribute through
`object.__setattr__` (not a STORE_ATTR the builder writes through), read by library
code later in the same call."""
import random

import numpy

random.seed(5926)
numpy.random.seed(5926)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5926)
rng = np.random.default_rng(5926)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS @ np.array([[6.0], [-4.0], [3.0], [1.0]], np.float32) + 5.0).astype(np.float32)

W = tf.Variable(rng.normal(scale=0.3, size=(4, 6)).astype(np.float32), name="w")
V = tf.Variable(rng.normal(scale=0.3, size=(6, 1)).astype(np.float32), name="v")
C = tf.Variable([0.0], name="c")
PARAMS = [W, V, C]
OPT = keras.optimizers.SGD(learning_rate=0.01)
CLIPS = (None, 0.5, 0.1)
STAGE = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.nn.softplus(x @ W) @ V + C
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, PARAMS)
    object.__setattr__(OPT, "clipvalue", CLIPS[STAGE])
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss


for step in range(34):
    if step == 9:
        STAGE = 1
    if step == 18:
        STAGE = 2
    if step == 27:
        CLIPS = (None, 0.5, 2.0)
    i = (step * 20) % 180
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), OPT.clipvalue)

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()[:8]],
    "v": [repr(float(v)) for v in V.numpy().ravel()],
    "c": repr(float(C.numpy()[0])),
}))
