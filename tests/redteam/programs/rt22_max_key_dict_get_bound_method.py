"""Probes `max(SCORES, key=SCORES.get)` and `sorted(SCORES, key=SCORES.__getitem__,
reverse=True)[:2]` in the step: the key is a bound C method of the program's dict, run
per item, and ties keep the first key in dict order (max) or stay stable under
reverse=True (sorted keeps equal items in their original order, it does not reverse
them).  The step picks the top heads' weights by these.  The loop edits SCORES in place:
step 9 makes a tie between the first two keys, step 16 re-inserts the first key at the
end (same scores, other order: the tie now resolves to the other key), step 24 adds a
key, step 31 changes a score.  A graph that froze the first choice, or resolved ties by
another order, would pick other heads."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2240)
np.random.seed(2240)
keras.utils.set_random_seed(2240)
rng = np.random.default_rng(2240)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[1.0], [-2.0]], np.float32)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(4)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
SCORES = {"a": 0.3, "b": 0.5, "c": 0.1, "d": 0.2}
COL = {"a": 0, "b": 1, "c": 2, "d": 3, "e": 0}


def train_step(x, y):
    best = max(SCORES, key=SCORES.get)
    top2 = sorted(SCORES, key=SCORES.__getitem__, reverse=True)[:2]
    with tf.GradientTape() as tape:
        out = MODEL(x)
        loss = tf.reduce_mean(tf.square(out[:, COL[best]:COL[best] + 1] - y))
        for name in top2:
            loss = loss + 0.1 * tf.reduce_mean(tf.square(out[:, COL[name]:COL[name] + 1] - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, best, top2


for step in range(36):
    if step == 9:
        SCORES["a"] = 0.5
    if step == 16:
        SCORES["a"] = SCORES.pop("a")
    if step == 24:
        SCORES["e"] = 0.5
    if step == 31:
        SCORES["b"] = 0.05
    i = (step * 8) % 64
    loss, best, top2 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), best, top2, list(SCORES))

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
}))
