"""Probes exceptions raised by C methods of the program's containers inside the step and
caught there: `ORDER.index(name)` raises ValueError when the name is missing,
`PRIO.remove(x)` raises ValueError, `CFG.pop("warm")` raises KeyError once the key is
gone, and `min(EMPTYABLE)` raises ValueError on an empty list.  The handlers pick
fallbacks that change the loss (another head weight, a default priority, a default warm
factor, a default floor) and count the misses.  The loop removes "aux" from ORDER at
step 8 (index fails from then on), puts CFG["warm"] back every 10 steps (the step pops
it, so it is present at steps 0, 10, 20, 30 only), empties EMPTYABLE at step 16 and
refills it at step 27.  A graph that froze the first outcome of these C calls, or did
not route their exceptions to the step's handlers, would train other weights and count
other misses."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2238)
np.random.seed(2238)
keras.utils.set_random_seed(2238)
rng = np.random.default_rng(2238)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 4:5]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
ORDER = ["main", "aux"]
HEAD_W = [1.0, 0.4, 0.1]
PRIO = [3, 1, 2]
CFG = {}
EMPTYABLE = [0.5, 0.25]
MISSES = {"index": 0, "remove": 0, "pop": 0, "min": 0}


def train_step(x, y):
    try:
        j = ORDER.index("aux")
    except ValueError:
        MISSES["index"] += 1
        j = 2
    try:
        PRIO.remove(1)
        prio = 1.0
    except ValueError:
        MISSES["remove"] += 1
        prio = 0.5
    try:
        warm = CFG.pop("warm")
    except KeyError:
        MISSES["pop"] += 1
        warm = 1.0
    try:
        floor = min(EMPTYABLE)
    except ValueError:
        MISSES["min"] += 1
        floor = 0.0
    with tf.GradientTape() as tape:
        out = MODEL(x)
        main = tf.reduce_mean(tf.square(out[:, :1] - y))
        aux = tf.reduce_mean(tf.square(out[:, 1:] + y))
        loss = warm * main + HEAD_W[j] * prio * aux + floor * 0.01
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 8:
        ORDER.remove("aux")
    if step % 10 == 0:
        CFG["warm"] = 2.0
    if step % 4 == 0:
        PRIO.append(1)
    if step == 16:
        EMPTYABLE.clear()
    if step == 27:
        EMPTYABLE.extend([0.75, 0.125])
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), MISSES, PRIO, CFG)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "misses": MISSES,
}))
