"""A per-feature loss-scale table that mixes ints and floats, SCALES = [1, 0.5, 2, 0.25],
indexed by an int the graph computes (the argmax of the batch's feature sums).  The
picked scale multiplies the loss, is returned, and is appended to a list; the step also
computes `scale * 3` and `scale // 1`, whose types follow the picked item's type
(int * int stays int).  At step 12 the loop replaces SCALES[0] = 1 by the equal float
1.0 and SCALES[2] = 2 by 2.0.  Probes: `table[i]` at an index the graph computes, over
a list that is neither all ints nor all floats: the item's type (and identity) must be
the one eager picks; then the same values with other types."""
import random

import numpy

random.seed(4510)
numpy.random.seed(4510)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4510)
rng = np.random.default_rng(4510)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.2], [-0.4], [0.1]], np.float32)).astype(np.float32)

W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALES = [1, 0.5, 2, 0.25]
PICKED = []


def train_step(x, y):
    idx = int(tf.argmax(tf.reduce_sum(x, axis=0)))
    scale = SCALES[idx]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y)) * scale
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    PICKED.append(scale)
    return loss, idx, scale, scale * 3, scale // 1


for step in range(26):
    if step == 12:
        SCALES[0] = 1.0
        SCALES[2] = 2.0
    i = (step * 8) % 88
    loss, idx, scale, triple, floor = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), idx, repr(scale), repr(triple), repr(floor),
          type(scale).__name__, scale is SCALES[idx], PICKED[-1] is scale)

print(json.dumps({"picked": [repr(v) for v in PICKED], "w": [repr(float(v)) for v in W.numpy().ravel()]}))
