"""Inside the tape's `with` block an `if` on a tensor score computes an L2 penalty of
the first kernel either under `tape.stop_recording()` (so it adds to the loss value but
not to the gradient) or recorded normally.  The gradient of the total loss then includes
the penalty's gradient on one path only.  The step prints the loss and the norm of the
kernel's gradient.  Both arms run early and later.  Probes: a tape's stop_recording
scope entered inside one arm of a branch on a tensor."""
import random

import numpy

random.seed(394)
numpy.random.seed(394)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(394)
rng = np.random.default_rng(394)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.8)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BIAS = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def train_step(x, y, b):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        mse = tf.reduce_mean(tf.square(h @ W2 - y))
        if mse + b > 0.8:
            with tape.stop_recording():
                pen = 0.5 * tf.reduce_sum(tf.square(W1))
        else:
            pen = 0.5 * tf.reduce_sum(tf.square(W1))
        loss = mse + 0.05 * pen
    g1, g2 = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip([g1, g2], [W1, W2]))
    return loss, tf.norm(g1)


for step in range(len(BIAS)):
    i = (step * 8) % 56
    loss, gn = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                          tf.constant(BIAS[step]))
    print(step, repr(float(loss)), repr(float(gn)))

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
print("iters", int(OPT.iterations))
