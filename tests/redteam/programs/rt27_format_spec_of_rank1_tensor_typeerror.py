"""The step formats a progress message from its loss tensor before it updates the
weights: msg = f"loss={loss:.5f}" (EagerTensor.__format__ hands a spec to numpy).  The
loss is reduced with keepdims=KEEP.  A 0-d tensor formats; a (1, 1) tensor does not:
numpy raises TypeError ("unsupported format string passed to numpy.ndarray.__format__").
The step catches it, skips the update for that call and returns a fallback message.
At step 15 the loop sets KEEP = True.  Probes: a format spec applied to a graph tensor
of rank > 0, before an update that depends on it succeeding."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2717)
numpy.random.seed(2717)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27171)
rng = np.random.default_rng(27171)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
KEEP = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y), keepdims=KEEP)
    grads = tape.gradient(loss, [W1, W2])
    try:
        msg = f"loss={loss:.5f}"
    except TypeError:
        return loss, "unformatted"
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, msg


for step in range(30):
    if step == 15:
        KEEP = True
    i = (step * 8) % 56
    loss, msg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(tf.reshape(loss, []))), msg, int(OPT.iterations))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
