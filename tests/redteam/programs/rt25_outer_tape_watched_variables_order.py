"""A forward helper without a tape of its own (taken over as hot code) is called by the
training loop under the loop's GradientTape, reading its variables in a non-creation
order (W2, then W1, then W3, and W4 only after step 10 when the loop switches on an
extra head).  The loop prints `[v.name for v in tape.watched_variables()]`, which eager
lists in the order the forward pass read them, and takes the gradient.  Probes: the
records a converted function gives an outer tape: which variables it watched, and in
what order."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2532)
rng = np.random.default_rng(2532)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3, name="w1")
W2 = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3, name="w2")
W3 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3, name="w3")
W4 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3, name="w4")


class Heads:
    extra = False


def forward(x):
    h = tf.tanh(x @ W2)
    h = tf.tanh(h @ W1)
    out = h @ W3
    if Heads.extra:
        out = out + 0.5 * (h @ W4)
    return out


VARS = [W1, W2, W3, W4]
for step in range(22):
    if step == 10:
        Heads.extra = True
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(forward(x) - y))
    names = [v.name for v in tape.watched_variables()]
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        if g is not None:
            v.assign_sub(0.05 * g)
    print(step, repr(float(loss)), names)

print(json.dumps({v.name: [repr(float(a)) for a in v.numpy().ravel()[:4]] for v in VARS}))
