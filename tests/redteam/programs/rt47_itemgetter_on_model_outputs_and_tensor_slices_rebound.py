"""A two-head functional model whose outputs come back as a dict; the step picks heads
and slices with operator.itemgetter: PICK = itemgetter("main", "aux") (module level,
rebound at step 10 to itemgetter("aux", "main") so the tuple order -- and which head
gets which weight -- swaps, and at step 20 to itemgetter("main") so it returns a single
tensor, which the step detects with isinstance), itemgetter(slice(0, 4)) on the batch
tensor made inside the step (a half-batch for the aux loss, its slice stop edited
through a global at step 15), and itemgetter(0, -1) on the list of trainable variables
(first and last) for an extra penalty.  Probes: itemgetter on dicts of tensors, on
tensors (slices) and on lists of variables inside a converted step, with the getter
global rebound mid-run."""
import random

import numpy

random.seed(4726)
numpy.random.seed(4726)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4726)
rng = np.random.default_rng(4726)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:3] + 0.5 * XS[:, 4:5]).astype(np.float32)
ZS = (np.tanh(XS[:, 1:2])).astype(np.float32)

inp = keras.Input((5,))
h = keras.layers.Dense(8, activation="tanh")(inp)
main = keras.layers.Dense(1, name="main")(h)
aux = keras.layers.Dense(1, name="aux")(h)
MODEL = keras.Model(inp, {"main": main, "aux": aux})
OPT = keras.optimizers.SGD(learning_rate=0.05)
PICK = operator.itemgetter("main", "aux")
STOP = [4]
WEIGHTS = (1.0, 0.3)


def train_step(x, y, z):
    half = operator.itemgetter(slice(0, STOP[0]))
    ends = operator.itemgetter(0, -1)
    with tf.GradientTape() as tape:
        out = MODEL(x)
        got = PICK(out)
        if isinstance(got, tuple):
            first, second = got
        else:
            first, second = got, out["aux"]
        l1 = tf.reduce_mean(tf.square(first - y))
        l2 = tf.reduce_mean(tf.square(half(second) - half(z)))
        v0, vl = ends(MODEL.trainable_variables)
        pen = 1e-3 * (tf.reduce_sum(tf.square(v0)) + tf.reduce_sum(tf.square(vl)))
        total = WEIGHTS[0] * l1 + WEIGHTS[1] * l2 + pen
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print("  ", type(got).__name__, repr(PICK), repr(half), vl.path, tuple(half(second).shape))
    return l1, l2


for step in range(30):
    if step == 10:
        PICK = operator.itemgetter("aux", "main")
    if step == 15:
        STOP[0] = 6
    if step == 20:
        PICK = operator.itemgetter("main")
    i = (step * 8) % 88
    l1, l2 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                        tf.constant(ZS[i:i + 8]))
    print(step, repr(float(l1)), repr(float(l2)))

print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "vars": [v.path for v in MODEL.trainable_variables],
}))
