"""Closures made in the step, called back by C code rather than by the step: a `key=`
function for sorted/min/max and for list.sort (reverse=True, a stable sort), with
comprehensions calling a predicate and a mapper and a loop calling a binary function
beside them.  Each counts its calls in one of the step's cells through `nonlocal`
(sorted, min, max and list.sort call the key once per item), and the counts go into the
returned record.  The items (per-layer gains in the global GAINS, a Python list) change
length at steps 10 and 20, so each count changes.  Probes: closures whose call sites are
inside C builtins (sorted's and list.sort's key); a converter that inlines the closure
once per builtin call, or runs the builtin natively over build values, gets the counts
or the order wrong."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1923)
rng = np.random.default_rng(1923)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GAINS = [0.9, 1.3, 0.7, 1.1]


def train_step(x, y):
    n_key = 0
    n_pred = 0
    n_map = 0
    n_red = 0
    n_part = 0

    def key(g):
        nonlocal n_key
        n_key += 1
        return abs(g - 1.0)

    def keep(g):
        nonlocal n_pred
        n_pred += 1
        return g > 0.8

    def square(g):
        nonlocal n_map
        n_map += 1
        return g * g

    def mul(a, b):
        nonlocal n_red
        n_red += 1
        return a * b

    def blend(a, b, w):
        nonlocal n_part
        n_part += 1
        return a * w + b * (1.0 - w)

    ordered = sorted(GAINS, key=key)
    closest = min(GAINS, key=key)
    farthest = max(GAINS, key=key)
    ranked = list(GAINS)
    ranked.sort(key=key, reverse=True)
    kept = [g for g in ranked if keep(g)]
    squares = [square(g) for g in kept]
    prod = 1.0
    for sq in squares:
        prod = mul(prod, sq)
    gain = blend(closest, farthest, 0.25)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1) * gain
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * prod
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    counts = (n_key, n_pred, n_map, n_red, n_part)
    return loss, ordered, counts, repr(gain), repr(prod)


for step in range(30):
    if step == 10:
        GAINS.append(1.05)
    if step == 20:
        del GAINS[:2]
    i = (step * 8) % 56
    loss, ordered, counts, gain, prod = train_step(tf.constant(XS[i:i + 8]),
                                                   tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ordered, counts, gain, prod)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "GAINS": GAINS,
    "iterations": int(OPT.iterations.numpy()),
}))
