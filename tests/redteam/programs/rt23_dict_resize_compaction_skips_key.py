"""CPython's dict iterator walks the entry array by position.  A key inserted and deleted
again inside the loop body leaves the dict with the same keys and size, so the next pull
raises nothing -- but if that insertion made the dict resize, the resize compacted the
entry array (dropping the holes left by earlier deletions), the iterator's position now
points past an entry it had not yet produced, and that key is silently skipped.

The loop rotates the order of the loss terms every step with the plain-dict
"move to end" idiom (TERMS[k] = TERMS.pop(k)), which leaves a hole at the front of the
entry array and fills the array up.  The step iterates TERMS, and while handling the
first term it parks a scratch entry in the same dict and removes it at once
(TERMS["_scratch"] = ...; del TERMS["_scratch"]).  On the calls where that insertion
resizes the dict, CPython skips one term (no error) and the loss misses it.  A graph that
iterates "the keys the dict had when the loop began" while the size is unchanged at each
pull trains on every term on those calls, and the losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(73)
np.random.seed(73)
keras.utils.set_random_seed(73)

rng = np.random.default_rng(73)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))

TERMS = {"mse": 1.0, "mae": 0.5, "huber": 0.25}
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.02)
LOSSES = {"mse": keras.losses.MeanSquaredError(), "mae": keras.losses.MeanAbsoluteError(),
          "huber": keras.losses.Huber(delta=0.5)}


def train_step(x, y):
    used = []
    with tf.GradientTape() as tape:
        pred = model(x)
        loss = tf.constant(0.0)
        for name in TERMS:
            used.append(name)
            loss = loss + TERMS[name] * LOSSES[name](y, pred)
            if len(used) == 1:
                TERMS["_scratch"] = 0.0
                del TERMS["_scratch"]
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, used


for step in range(36):
    i = (step * 8) % 56
    loss, used = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), used, list(TERMS))
    first = next(iter(TERMS))
    TERMS[first] = TERMS.pop(first)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "terms": list(TERMS.items()),
}))
