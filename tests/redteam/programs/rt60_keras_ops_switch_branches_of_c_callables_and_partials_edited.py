"""A functional Keras regressor whose hidden features go, in the training step,
through `keras.ops.switch(index, BRANCHES, h)` with an index computed from the batch
(the argmax of the mean of three input columns).  The three branches are callables
of three kinds, none of them a plain function: `operator.methodcaller("__mul__", GAIN)`
with a program ndarray GAIN, `functools.partial(keras.ops.leaky_relu,
negative_slope=0.2)`, and the bound method `SHIFTER.apply` of a program object whose
`apply` reads `self.offset`.  Mid-run the loop edits GAIN in place (step 8), edits
the partial's keywords in place (step 14), sets `SHIFTER.offset` (step 20) and
replaces BRANCHES[0] with `operator.methodcaller("__truediv__", 2.0)` (step 26).
Probes: callables handed to Keras/TF control flow (keras.ops.switch -> tf.switch_case)
that are C objects (methodcaller holding an array, partial holding keywords) or bound
methods: what they hold is read natively by library code while janus builds."""
import random

import numpy

random.seed(6005)
numpy.random.seed(6005)

import functools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6005)
rng = np.random.default_rng(6005)
XS = rng.normal(size=(144, 5)).astype(np.float32)
YS = (np.cos(XS[:, :1]) * XS[:, 4:5] + 0.2).astype(np.float32)

inp = keras.Input((5,))
feat = keras.layers.Dense(6, activation="tanh")(inp)
TRUNK = keras.Model(inp, feat)
HEAD = keras.layers.Dense(1)
HEAD.build((None, 6))
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


class Shifter:
    def __init__(self, offset):
        self.offset = offset

    def apply(self, h):
        return h + self.offset


GAIN = np.linspace(0.5, 1.5, 6).astype(np.float32)
SHIFTER = Shifter(0.1)
BRANCHES = [
    operator.methodcaller("__mul__", GAIN),
    functools.partial(keras.ops.leaky_relu, negative_slope=0.2),
    SHIFTER.apply,
]
VARS = TRUNK.trainable_variables + HEAD.trainable_variables


def train_step(x, y):
    index = tf.argmax(tf.reduce_mean(x[:, :3], axis=0), output_type=tf.int32)
    with tf.GradientTape() as tape:
        h = TRUNK(x, training=True)
        h = keras.ops.switch(index, BRANCHES, h)
        pred = HEAD(h)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, index


for step in range(34):
    if step == 8:
        GAIN[:3] = 2.0
    if step == 14:
        BRANCHES[1].keywords["negative_slope"] = 0.01
    if step == 20:
        SHIFTER.offset = -0.4
    if step == 26:
        BRANCHES[0] = operator.methodcaller("__truediv__", 2.0)
    i = (step * 8) % 136
    loss, index = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(index), repr(float(HEAD.kernel.numpy()[0, 0])))

print(json.dumps({
    "trunk": [repr(float(v)) for v in TRUNK.layers[1].kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
}))
