"""A raw-variable three-matrix model trained with two Keras AdamW optimizers whose
variable sets overlap: `OPT_A` updates [W1, W2] and `OPT_B` updates [W2, W3], both from
one tape's gradients.  AdamW's weight decay reads each variable's current value, so for
the shared W2 the second optimizer must see the first one's update.  The step applies
them in the order named by the global `ORDER`, then reads W2 again for a printed norm.
Mid-run: at step 9 ORDER goes from "ab" to "ba", at step 16 `OPT_B.weight_decay` goes
from 0.05 to 0.3 (a plain attribute Keras reads), at step 23 ORDER back to "ab", at step
29 the loop assigns W2 from outside.
Probes: two optimizers writing one variable in one call (write-after-write and
read-after-write on W2), and their order chosen by Python state."""
import random

import numpy

random.seed(5723)
numpy.random.seed(5723)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5723)
rng = np.random.default_rng(5723)
XS = rng.normal(size=(192, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4, name="w1")
W2 = tf.Variable(rng.normal(size=(8, 8)).astype(np.float32) * 0.4, name="w2")
W3 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4, name="w3")
OPT_A = keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.01)
OPT_B = keras.optimizers.AdamW(learning_rate=0.02, weight_decay=0.05)
ORDER = "ab"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.matmul(x, W1))
        h = tf.tanh(tf.matmul(h, W2))
        pred = tf.matmul(h, W3)
        loss = tf.reduce_mean(tf.square(pred - y))
    g1, g2, g3 = tape.gradient(loss, [W1, W2, W3])
    if ORDER == "ab":
        OPT_A.apply_gradients([(g1, W1), (g2, W2)])
        mid = tf.reduce_sum(W2)
        OPT_B.apply_gradients([(g2, W2), (g3, W3)])
    else:
        OPT_B.apply_gradients([(g2, W2), (g3, W3)])
        mid = tf.reduce_sum(W2)
        OPT_A.apply_gradients([(g1, W1), (g2, W2)])
    return loss, mid, tf.norm(W2)


for step in range(34):
    if step == 9:
        ORDER = "ba"
    if step == 16:
        OPT_B.weight_decay = 0.3
    if step == 23:
        ORDER = "ab"
    if step == 29:
        W2.assign(W2 * 0.5)
    i = (step * 12) % 180
    loss, mid, n2 = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(float(mid)), repr(float(n2)), ORDER)

print(json.dumps({
    "w1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "w2": [repr(float(v)) for v in W2.numpy().ravel()[:6]],
    "w3": [repr(float(v)) for v in W3.numpy().ravel()],
    "it": [int(OPT_A.iterations.numpy()), int(OPT_B.iterations.numpy())],
}))
