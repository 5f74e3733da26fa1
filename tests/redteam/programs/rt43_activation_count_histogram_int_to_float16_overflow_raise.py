"""A training loop that keeps a compact activation-count histogram: each step takes the
hidden activations, scales them into integer "counts" (`.numpy() * SCALE` then
`.astype(np.int64)`), and stores them as float16 to save memory.  The program runs with
`np.seterr(over="raise")` so that any overflow in its numpy bookkeeping is caught: the
step catches FloatingPointError and stores a clipped histogram instead, counting the
event.  numpy flags an int64 -> float16 cast past 65504 as an overflow (a RuntimeWarning,
or FloatingPointError under seterr).  janus checks float -> narrower float casts for
overflow; an int -> float16 cast that overflows is a different path.  SCALE grows at
step 12 so that counts pass float16's range.  Probes: astype from ints to float16 that
overflows, with numpy's error state set to raise."""
import random

import numpy

random.seed(4303)
numpy.random.seed(4303)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4303)
np.seterr(over="raise")
rng = np.random.default_rng(4303)
XS = rng.normal(size=(128, 8)).astype(np.float32)
YS = (XS @ rng.normal(size=(8, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(8, 12)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.03)
SCALE = 1000.0
STATS = {"overflow": 0, "stored": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    counts = (h.numpy() * SCALE).astype(np.int64)
    try:
        hist = counts.astype(np.float16)
        STATS["stored"] += 1
    except FloatingPointError:
        STATS["overflow"] += 1
        hist = (counts // 8).astype(np.int32).astype(np.float32)
    return loss, hist


for step in range(30):
    if step == 12:
        SCALE = 40000.0
    i = (step * 16) % 112
    loss, hist = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), str(hist.dtype), repr(float(hist.astype(np.float64)[0].sum())),
          STATS["overflow"], STATS["stored"])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "stats": STATS,
}))
