"""Weight rewinding (lottery-ticket style): every 8th step the step tries to reset the
smallest-magnitude weights of W to their initial values with `W.initial_value`.  On an
eagerly created variable that property raises RuntimeError ('This property is not
supported when eager execution is enabled') `if context.executing_eagerly()`; the
step catches it and rewinds to a NumPy copy it kept instead.  In a graph the property
returns the variable's stored initial value (None for an eager variable).  Probes:
TF properties that raise only eagerly."""
import random

import numpy

random.seed(3421)
numpy.random.seed(3421)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3421)
rng = np.random.default_rng(3421)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) - XS[:, 5:]).astype(np.float32)
INIT = (rng.normal(size=(6, 1)) * 0.5).astype(np.float32)
W = tf.Variable(INIT.copy(), name="w")
SAVED = tf.constant(INIT * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOG = {"initial_value": 0, "saved": 0, "none": 0}


def train_step(x, y, rewind):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    if rewind:
        try:
            iv = W.initial_value
            if iv is None:
                LOG["none"] += 1
                iv = SAVED
            else:
                LOG["initial_value"] += 1
        except RuntimeError:
            LOG["saved"] += 1
            iv = SAVED
        small = tf.abs(W) < 0.3
        W.assign(tf.where(small, iv, W))
    return loss


for step in range(40):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 8 == 7)
    print(step, float(loss).hex())

print("log", LOG)
print("w", [float(v).hex() for v in W.numpy().ravel()])
