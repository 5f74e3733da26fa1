"""An augmentation policy picked per batch by keras.ops.switch: the policy index is
computed in the step from the running loss (0: keep the batch as is, 1: flip feature
order, 2: add scaled noise), and the branches take the batch as an operand
(`keras.ops.switch(idx, [keep, flip, jitter], x)`).  The `keep` branch returns its
operand unchanged, so eagerly `x_aug is x` for those batches, which the step uses to count
clean batches and which the caller checks too (the returned batch is compared with `is`
against the batch it passed).  Probes: identity of a caller tensor returned by a branch
of keras.ops.switch (library code wrapping tf.switch_case with operands)."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4404)
rng = np.random.default_rng(4404)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True))).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.Adam(learning_rate=0.03)
STATS = {"clean": 0, "aug": 0}


def keep(x):
    return x


def flip(x):
    return tf.reverse(x, axis=[1])


def jitter(x):
    return x + 0.05 * tf.sin(x * 7.0)


class Running:
    def __init__(self):
        self.loss = tf.constant(1.0)


RUN = Running()


def train_step(x, y):
    idx = tf.cast(RUN.loss > 0.35, tf.int32) + tf.cast(RUN.loss > 0.6, tf.int32)
    x_aug = keras.ops.switch(idx, [keep, flip, jitter], x)
    if x_aug is x:
        STATS["clean"] += 1
    else:
        STATS["aug"] += 1
    with tf.GradientTape() as tape:
        pred = x_aug @ W
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    RUN.loss = 0.8 * RUN.loss + 0.2 * loss
    return loss, x_aug, idx


for step in range(32):
    i = (step * 8) % 120
    xb = tf.constant(XS[i:i + 8])
    loss, x_aug, idx = train_step(xb, tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(idx), x_aug is xb, STATS["clean"], STATS["aug"],
          repr(float(RUN.loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "stats": STATS}))
