"""The step keeps a tiny running statistic in a float32 tf.Variable: AUX.assign(v)
with v = float(loss) * TINY, a Python float the graph computes, and returns
tf.constant(v, tf.float32) too.  Eager converts the Python float to float32 on the
host, outside any kernel, and keeps a subnormal result (1e-40 stays
9.99994610111476e-41); TF's CPU kernels run with flush-to-zero.  Until step 15 TINY is
1e-30 (normal float32 values); at step 15 the loop sets TINY = 1e-39, and v becomes a
float32 subnormal.  The loop prints the variable's and the returned tensor's values.
Probes: a Python float the graph computes converted to float32 where the result is
subnormal."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2708)
numpy.random.seed(2708)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27081)
rng = np.random.default_rng(27081)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
AUX = tf.Variable(0.0, trainable=False)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TINY = 1e-30


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    v = float(loss) * TINY
    AUX.assign(v)
    return loss, tf.constant(v, tf.float32)


for step in range(30):
    if step == 15:
        TINY = 1e-39
    i = (step * 8) % 56
    loss, t = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(AUX.numpy())), repr(float(t)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "aux": repr(float(AUX.numpy())),
}))
