"""After applying its gradients the step measures the new weights on the host, as a
monitoring hook would: wnorm = tf.numpy_function(weight_norm, [loss], tf.float32,
stateful=False), where weight_norm is the program's function and reads W2.numpy()
(the variable, not an input of the op).  In eager the callback runs after the update
and sees the new weights.  At step 15 the loop raises the learning rate from 0.05 to
0.5, so the update moves W2 a lot more.  The step returns wnorm; the loop prints it
next to the norm it computes itself afterwards.  Probes: where a host callback that
reads a variable runs relative to the step's updates."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2749)
numpy.random.seed(2749)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27491)
rng = np.random.default_rng(27491)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def weight_norm(_):
    return np.float32(np.sqrt(np.sum(np.square(W2.numpy()))))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    wnorm = tf.numpy_function(weight_norm, [loss], tf.float32, stateful=False)
    return loss, wnorm


for step in range(30):
    if step == 15:
        OPT.learning_rate = 0.5
    i = (step * 8) % 56
    loss, wnorm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(wnorm)), repr(float(tf.norm(W2))))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
