"""Per-layer gain levels kept in an anonymous mmap (a control channel another
process could write): the step reads GAINS[0] and GAINS[1] (ints 0-255) each call
and scales the two layers' activations by level / 16; the loop writes new levels
into the mmap in place (item assignment and a slice write) at steps 9, 18 and 27.

Indexing an mmap returns the byte at that moment as a Python int: eager sees every
in-place write.  mmap is neither an array.array, a bytearray nor a memoryview, so a
graph that treated `GAINS[0]` as a read of an opaque C object and baked the int in
(keyed on the mmap's identity) would keep the first levels; the losses, weights and
the levels the step records would differ.
Probes: item reads of another mutable buffer type (mmap) changed in place."""
import json
import mmap

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2121)
rng = np.random.default_rng(2121)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GAINS = mmap.mmap(-1, 8)
GAINS[0] = 16
GAINS[1] = 16
LEVELS = []


def train_step(x, y):
    g1 = GAINS[0] / 16.0
    g2 = GAINS[1] / 16.0
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1) * g1
        loss = tf.reduce_mean(tf.square(h @ W2 * g2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    LEVELS.append((g1, g2))
    return loss


for step in range(36):
    if step == 9:
        GAINS[0] = 8
    if step == 18:
        GAINS[0:2] = bytes([24, 12])
    if step == 27:
        GAINS.seek(1)
        GAINS.write_byte(20)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LEVELS[-1])

levels = sorted(set(LEVELS))
GAINS.close()
print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "levels": levels,
    "iterations": int(OPT.iterations.numpy()),
}))
