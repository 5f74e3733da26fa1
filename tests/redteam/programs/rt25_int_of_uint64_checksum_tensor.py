"""The step fingerprints each batch with 64-bit unsigned arithmetic, as dedup code does:
the float32 inputs are bitcast to int32, widened to uint64, mixed with an FNV prime and
summed (wrapping modulo 2**64), and the step keeps `int(fp)` in a list of seen
fingerprints and prints it.  int() of a uint64 EagerTensor is a Python int in
[0, 2**64); about half of these fingerprints are >= 2**63.  At step 10 the loop switches
to another prime.  Probes: int() of an unsigned 64-bit tensor the graph computes, when
the Python int comes back from the graph."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2517)
rng = np.random.default_rng(2517)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Mix:
    prime = 1099511628211


SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    bits = tf.cast(tf.bitcast(x, tf.int32), tf.uint64)
    fp = tf.reduce_sum(bits * tf.constant(Mix.prime, tf.uint64))
    SEEN.append(int(fp))
    print("fingerprint", SEEN[-1])
    return loss


for step in range(22):
    if step == 10:
        Mix.prime = 14695981039346656037 % (2**61)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "seen": SEEN[-3:]}))
