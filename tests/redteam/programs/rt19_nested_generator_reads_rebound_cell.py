"""Lazy generators made in the step that close over the step's variables.  A nested
generator function `penalties()` yields one weight-decay term per variable, each scaled
by the step's local `scale` and counted in the step's `pulled` through `nonlocal`; the
step takes the first term with next(), then REBINDS `scale` (to the global SCALE2, which
the loop changes at step 10 and 20) and takes the rest with a for loop, so eager's later
terms use the new scale.  A generator expression `(w * coef for w in ...)` is made
before `coef` is rebound and consumed (by sum) after it.  Probes: a generator's frame
resumed lazily against cells the step writes between resumptions; a converter that runs
the generator to its end when made, or snapshots its free variables, scales the later
terms with the old value."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1905)
rng = np.random.default_rng(1905)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
B1 = tf.Variable(np.zeros((8,), dtype=np.float32))
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE2 = 0.01


def train_step(x, y):
    scale = 1e-3
    pulled = 0

    def penalties():
        nonlocal pulled
        for v in (W1, B1, W2):
            pulled += 1
            yield scale * tf.reduce_sum(tf.square(v))

    coef = 1.0
    gains = (tf.reduce_mean(v) * coef for v in (W1, W2))
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1 + B1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
        terms = penalties()
        reg = next(terms)
        scale = SCALE2
        for t in terms:
            reg = reg + t
        coef = -0.5
        drift = sum(gains)
        total = loss + reg + 1e-3 * tf.square(drift)
    grads = tape.gradient(total, [W1, B1, W2])
    OPT.apply_gradients(zip(grads, [W1, B1, W2]))
    return loss, reg, drift, pulled, scale


for step in range(30):
    if step == 10:
        SCALE2 = 0.05
    if step == 20:
        SCALE2 = 0.0
    i = (step * 8) % 56
    loss, reg, drift, pulled, scale = train_step(tf.constant(XS[i:i + 8]),
                                                 tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(reg)), repr(float(drift)), pulled, repr(scale))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "B1": [repr(float(v)) for v in B1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
