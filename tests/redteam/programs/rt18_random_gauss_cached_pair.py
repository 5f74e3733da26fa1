"""Probes: random.gauss, whose generator keeps a cached second value (gauss_next).

random.gauss draws two uniforms, returns one normal and caches the other in the
Random instance's `gauss_next` attribute for the next call; the following call returns
the cached value and draws nothing.  So what a call returns depends on the uniform
stream *and* on whether the previous gauss call (anywhere in the program) left a value
cached.  The step jitters its learning rate with random.gauss(0, 0.05) and also draws
random.expovariate(4.0); the loop calls random.gauss once on its own at steps 11 and 17
(shifting the parity of the cache) and random.random() at step 23 (which does not
touch the cache).  The contract promises eager's numbers and generator state for draws
of random's generators; gauss's cache is state beside the Mersenne Twister's."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1832)
random.seed(1832)
rng = np.random.default_rng(1832)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)


def train_step(x, y):
    jitter = random.gauss(0.0, 0.05)
    extra = random.expovariate(4.0)
    lr = 0.05 * (1.0 + jitter)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss, jitter, extra


outside = []
for step in range(30):
    if step in (11, 17):
        outside.append(random.gauss(0.0, 1.0))
    if step == 23:
        outside.append(random.random())
    i = (step * 8) % 56
    loss, jitter, extra = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(jitter), repr(extra))

state = random.getstate()
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "outside": [repr(v) for v in outside],
    "gauss_next": repr(state[2]),
    "mt_pos": state[1][-1],
}))
