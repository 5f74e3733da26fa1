"""The step collects its loss terms in a dict it makes, totals them with
`sum(terms.values())`, logs `sorted(terms.items())` and keeps `list(terms)` of the
names; which terms exist depends on a Python flag the loop flips (an auxiliary loss is
switched on part-way)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(13)
XS = rng.normal(size=(72, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.2)
USE_AUX = False
NAMES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W
        terms = {"bce": tf.reduce_mean(
            tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))}
        if USE_AUX:
            terms["l2"] = 0.01 * tf.reduce_sum(tf.square(W))
        terms["zero"] = 0.0
        total = sum(terms.values())
    (g,) = tape.gradient(total, [W])
    W.assign_sub(0.2 * g)
    NAMES.append(list(terms))
    return total, sorted(terms.items())


for step in range(24):
    if step == 10:
        USE_AUX = True
    i = (step * 8) % 64
    total, logged = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(total)), [(k, repr(float(v))) for k, v in logged], NAMES[-1])
print(json.dumps({"w": W.numpy().ravel().tolist(), "names": NAMES[-1]}))
