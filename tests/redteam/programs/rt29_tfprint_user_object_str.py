"""tf.print is given a program object (a Tag) beside the loss; eager's tf.print formats
a non-tensor with repr() at the call, and Tag.__repr__ reads a counter the step bumps
right after the tf.print, to stdout via output_stream=sys.stdout.  At step 15 the loop
changes the tag's prefix.  Probes: the program's __repr__ run by tf.print's formatting,
and when it runs relative to the step's later writes."""
import random

import numpy

random.seed(2904)
numpy.random.seed(2904)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2904)
rng = np.random.default_rng(2904)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Tag:
    def __init__(self):
        self.prefix = "warm"
        self.count = 0

    def __repr__(self):
        return f"{self.prefix}#{self.count}"


TAG = Tag()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    tf.print("tag", TAG, output_stream=sys.stdout)
    TAG.count += 1
    return loss


for step in range(30):
    if step == 15:
        TAG.prefix = "main"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    sys.stdout.flush()
    print(step, repr(float(loss)), TAG.count, flush=True)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
