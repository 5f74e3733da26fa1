"""Gradient-noise training where the step decides per batch whether to add noise to the
targets, with tf.cond written in keyword form and the false branch given first:
`tf.cond(pred, false_fn=clean, true_fn=noisy)`, and a second cond written entirely in
keywords `tf.cond(pred=p2, true_fn=..., false_fn=...)`.  The branch functions are nested
functions over the step's locals.  A converter that mapped the functions to arms by
position would swap them.  The predicate depends on the batch loss and a threshold the
caller lowers at step 13, so both arms run after conversion.  Probes: tf.cond's
branches passed by keyword in swapped order."""
import random

import numpy

random.seed(4317)
numpy.random.seed(4317)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4317)
rng = np.random.default_rng(4317)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(6, 1)))).astype(np.float32)
NOISE = (rng.normal(size=(128, 1)) * 0.1).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)
THRESH = 10.0


def train_step(x, y, noise):
    with tf.GradientTape() as tape:
        out = tf.tanh(x @ W1) @ W2
        base = tf.reduce_mean(tf.square(out - y))

        def clean():
            return y

        def noisy():
            return y + noise

        tgt = tf.cond(tf.stop_gradient(base) < THRESH, false_fn=clean, true_fn=noisy)
        loss = tf.reduce_mean(tf.square(out - tgt))
        reg = tf.cond(pred=loss > 0.3, true_fn=lambda: 0.01 * tf.reduce_sum(W2 * W2),
                      false_fn=lambda: tf.constant(0.0))
        total = loss + reg
    grads = tape.gradient(total, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return total, tf.reduce_sum(tgt)


for step in range(30):
    if step == 13:
        THRESH = 0.25
    i = (step * 16) % 112
    total, ts = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), tf.constant(NOISE[i:i + 16]))
    print(step, repr(float(total)), repr(float(ts)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
