"""The step prints its loss with print(..., file=LOG), LOG a global io.StringIO; at step 15
the loop rebinds LOG to a second StringIO.  Both buffers are printed at the end.
Probes: the stream a replayed print writes to, named by a global the loop rebinds."""
import random

import numpy

random.seed(2906)
numpy.random.seed(2906)

import json
import io

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2906)
rng = np.random.default_rng(2906)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

LOG = io.StringIO()
FIRST = LOG


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print("loss", repr(float(loss)), file=LOG)
    return loss


for step in range(30):
    if step == 15:
        LOG = io.StringIO()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print("FIRST", FIRST.getvalue().count("\n"), FIRST.getvalue()[-30:].replace("\n", "|"))
print("SECOND", LOG.getvalue().count("\n"), LOG.getvalue()[-30:].replace("\n", "|"))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
