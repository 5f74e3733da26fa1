"""A functional two-tower regressor whose training step post-processes its gradient
dict with `tf.nest.map_structure(GRAD_OP, grads)`, where GRAD_OP is a C callable:
first `operator.methodcaller("__mul__", SCALE)` with SCALE a 0-d float32 ndarray
(a global gradient multiplier), then `functools.partial(tf.clip_by_norm,
clip_norm=CLIP)` and finally `operator.methodcaller("__truediv__", DIVISOR)` with a
one-item program list converted per leaf.  Mid-run the loop writes into SCALE in place
(`SCALE[...] = 0.25` at step 8), swaps GRAD_OP to the clip partial (step 14), edits
its keywords in place (step 19), swaps to the divisor methodcaller (step 24) and
writes into the divisor list in place (step 29).
Probes: library code (tf.nest) calling a C callable over the step's values while
janus builds: the array, keywords and list those C objects hold are read natively,
outside any guarded path of the program's."""
import random

import numpy

random.seed(6020)
numpy.random.seed(6020)

import functools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6020)
rng = np.random.default_rng(6020)
XA = rng.normal(size=(128, 4)).astype(np.float32)
XB = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XA[:, :1] * XB[:, :1] + 0.5 * XB[:, 2:3] - 0.2 * XA[:, 3:4]).astype(np.float32)

in_a = keras.Input((4,), name="a")
in_b = keras.Input((3,), name="b")
ta = keras.layers.Dense(6, activation="tanh", name="tower_a")(in_a)
tb = keras.layers.Dense(6, activation="tanh", name="tower_b")(in_b)
merged = keras.layers.Multiply()([ta, tb])
MODEL = keras.Model([in_a, in_b], keras.layers.Dense(1, name="out")(merged))
OPT = keras.optimizers.SGD(learning_rate=0.1)

SCALE = np.array(1.0, dtype=np.float32)
DIVISOR = [2.0]
GRAD_OP = operator.methodcaller("__mul__", SCALE)
NAMES = [v.path for v in MODEL.trainable_variables]


def train_step(xa, xb, y):
    with tf.GradientTape() as tape:
        pred = MODEL([xa, xb], training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = dict(zip(NAMES, tape.gradient(loss, MODEL.trainable_variables)))
    grads = tf.nest.map_structure(GRAD_OP, grads)
    OPT.apply_gradients([(grads[n], v) for n, v in zip(NAMES, MODEL.trainable_variables)])
    return loss


for step in range(34):
    if step == 8:
        SCALE[...] = 0.25
    if step == 14:
        GRAD_OP = functools.partial(tf.clip_by_norm, clip_norm=0.05)
    if step == 19:
        GRAD_OP.keywords["clip_norm"] = 0.5
    if step == 24:
        GRAD_OP = operator.methodcaller("__truediv__", DIVISOR)
    if step == 29:
        DIVISOR[0] = 0.5
    i = (step * 8) % 120
    loss = train_step(tf.constant(XA[i:i + 8]), tf.constant(XB[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), float(SCALE), repr(float(MODEL.get_layer("out").kernel.numpy()[0, 0])))

print(json.dumps({
    "ta": [repr(float(v)) for v in MODEL.get_layer("tower_a").kernel.numpy().ravel()[:8]],
    "out": [repr(float(v)) for v in MODEL.get_layer("out").kernel.numpy().ravel()],
}))
