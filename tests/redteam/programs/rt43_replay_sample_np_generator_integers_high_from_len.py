"""Experience replay with a numpy Generator: the step samples replay indices with
`RNG.integers(0, len(BUFFER), size=4)` where BUFFER is a Python list of stored batches that
the caller appends to every step (until it is capped at 12 entries, from step 12 on, when
the caller pops the oldest), and also draws a Python `random.random()` mixing weight.
The indices pick stored feature rows (a numpy array of the buffer's features built by the
caller each step and passed in).  In eager each call draws from the generator once, with
`high` equal to the buffer's current length.  The caller prints the generator states at
the end.  Probes: numpy Generator and Python random draws in the step whose arguments
change with a list the caller grows and caps."""
import random

import numpy

random.seed(4343)
numpy.random.seed(4343)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4343)
rng = np.random.default_rng(4343)
RNG = np.random.default_rng(99)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
BUFFER = []


def train_step(x, y, feats, targets):
    idx = RNG.integers(0, len(BUFFER), size=4)
    mix = random.random()
    xr = tf.gather(feats, idx)
    yr = tf.gather(targets, idx)
    with tf.GradientTape() as tape:
        loss = (1.0 - mix) * tf.reduce_mean(tf.square(x @ W - y)) + mix * tf.reduce_mean(tf.square(xr @ W - yr))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, idx, mix


for step in range(30):
    i = (step * 8) % 192
    BUFFER.append(i)
    if len(BUFFER) > 12:
        BUFFER.pop(0)
    feats = np.stack([XS[j] for j in BUFFER])
    targets = np.stack([YS[j] for j in BUFFER])
    loss, idx, mix = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), feats, targets)
    print(step, repr(float(loss)), [int(v) for v in idx], repr(mix))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "rng": str(RNG.bit_generator.state["state"]["state"]),
                  "py": random.getstate()[1][:3]}))
