"""`tf.nn.dropout(x, rate)` with a Python rate of exactly 0 takes a fast path that draws
nothing, but first calls `random_seed.get_seed(None)` ("dummy_rng_step") so that the
global seed's op-seed sequence moves as if it had drawn: with a global seed set, every
such call takes one op seed from the context's generator.  The step applies dropout with
the global RATE (no op seed), then draws an unseeded `tf.random.normal` jitter.  RATE is
0.25 for steps 0-9, 0.0 for steps 10-19 (eager: no uniform draw, yet one op seed is
consumed per call, so the jitter's seed is still the second of each call), 0.25 again
after; the loop draws unseeded numbers outside the step every fifth step.  Probes: op
seeds consumed by library Python that makes no random op; a graph for the rate-0 path
holds only the jitter's draw, and a converter that hands out op seeds per random op in
the graph would give the jitter the seed eager gave the dummy step, shifting every later
unseeded draw in and outside the step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1907)
rng = np.random.default_rng(1907)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RATE = 0.25


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        h = tf.nn.dropout(h, rate=RATE)
        jitter = tf.random.normal([8, 1], stddev=0.01)
        pred = h @ W2 + jitter
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, tf.reduce_sum(jitter)


outside = []
for step in range(30):
    if step == 10:
        RATE = 0.0
    if step == 20:
        RATE = 0.25
    i = (step * 8) % 56
    loss, js = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(js)))
    if step % 5 == 2:
        d = tf.random.uniform([2])
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after": [repr(float(v)) for v in tf.random.normal([2]).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
