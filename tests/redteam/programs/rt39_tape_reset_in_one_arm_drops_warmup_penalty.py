"""Inside the tape's `with` block the step first computes a warm-up penalty on the
kernels, then, on one arm of an `if` on a tensor (the batch's mean target plus a
per-call offset), calls `tape.reset()`, which eagerly drops everything recorded so far
(the penalty stays in the loss value but gets no gradient).  The model's forward pass
follows.  A kernel not used after the reset gets no gradient on the reset path; the
step replaces a None gradient by zeros and counts Nones in a global.  Probes:
GradientTape.reset() inside one arm of a branch on a tensor."""
import random

import numpy

random.seed(397)
numpy.random.seed(397)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(397)
rng = np.random.default_rng(397)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.6)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
WX = tf.Variable(rng.normal(size=(3,)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
BIAS = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]
NONES = 0


def train_step(x, y, b):
    global NONES
    with tf.GradientTape() as tape:
        pen = 0.01 * tf.reduce_sum(tf.square(W1)) + 0.1 * tf.reduce_sum(tf.square(WX))
        if tf.reduce_mean(y) + b > 0.5:
            tape.reset()
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + pen
    grads = tape.gradient(loss, [W1, W2, WX])
    out = []
    for g, v in zip(grads, [W1, W2, WX]):
        if g is None:
            NONES += 1
            g = tf.zeros_like(v)
        out.append(g)
    OPT.apply_gradients(zip(out, [W1, W2, WX]))
    return loss, tf.norm(out[0]), tf.norm(out[2])


for step in range(len(BIAS)):
    i = (step * 8) % 56
    loss, n1, nx = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                              tf.constant(BIAS[step]))
    print(step, repr(float(loss)), repr(float(n1)), repr(float(nx)), NONES)

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
print("WX", WX.numpy().ravel().tolist())
print("NONES", NONES, int(OPT.iterations))
