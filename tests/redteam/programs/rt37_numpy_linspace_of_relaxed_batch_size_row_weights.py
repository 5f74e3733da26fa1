"""Per-row loss weights are made with numpy from the batch size:
np.linspace(0.5, 1.5, x.shape[0], dtype=np.float32) and their numpy sum; a label-smoothing
amount is 1 / (n + 1) as a Python float.  Batch sizes cycle through 6, 8, 7, 5, 9, so a
graph cache that relaxes the batch axis after three sizes would make n a number the graph
carries, which numpy cannot take; a build that froze the linspace of one size, or the
float of one n, would weight the other batches wrongly.  At step 14 the global LOW
(linspace start) changes.  Probes: numpy array construction from a shape that varies."""
import random

import numpy

random.seed(3707)
numpy.random.seed(3707)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3707)
rng = np.random.default_rng(3707)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = rng.normal(size=(80, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = [6, 8, 7, 5, 9]
LOW = 0.5


def train_step(x, y):
    n = x.shape[0]
    wts = np.linspace(LOW, 1.5, n, dtype=np.float32)
    smooth = 1.0 / (n + 1)
    with tf.GradientTape() as tape:
        err = tf.square(x @ W - y)[:, 0]
        loss = tf.reduce_sum(err * wts) / float(wts.sum()) + smooth * tf.reduce_mean(W)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, repr(smooth), float(wts[-1])


for step in range(26):
    if step == 14:
        LOW = 0.25
    b = SIZES[step % 5]
    j = (step * 3) % 60
    loss, s, last = train_step(tf.constant(XS[j:j + b]), tf.constant(YS[j:j + b]))
    print(step, b, float(loss).hex(), s, last.hex())

print("final", [float(v).hex() for v in W.numpy().ravel()], LOW)
