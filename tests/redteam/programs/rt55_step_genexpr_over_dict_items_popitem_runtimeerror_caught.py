"""Budgeted auxiliary losses: a global dict `AUX` maps a term name to its remaining
budget.  The step walks `gen = ((k, b) for k, b in AUX.items())` lazily with next():
it takes the first term, and when the global `EVICT` flag is set it calls
`AUX.popitem()` before asking for the second item, so the dict's size changed under the
items() iterator and CPython raises RuntimeError("dictionary changed size during
iteration") from inside the generator; the step catches it, prints it and puts the
popped pair back under a new budget.  Without EVICT it takes two terms.  The loop sets
EVICT at step 7, clears it at step 13, adds a term at step 18 and sets EVICT again at
step 23.
Probes: a generator the step makes over a dict view, the dict changed by popitem()
between two resumptions (RuntimeError raised inside the generator, caught in the
step), and the re-insert the handler makes."""
import random

import numpy

random.seed(5528)
numpy.random.seed(5528)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5528)
rng = np.random.default_rng(5528)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, 1:2] * 1.5 + np.abs(XS[:, 2:3])).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="swish"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
AUX = {"l1": 3, "l2": 5}
EVICT = False
TAKEN = []
CAUGHT = 0


def train_step(x, y):
    global CAUGHT
    gen = ((k, b) for k, b in AUX.items())
    picked = [next(gen)]
    if EVICT:
        k2, b2 = AUX.popitem()
        try:
            picked.append(next(gen))
        except RuntimeError as e:
            CAUGHT += 1
            print("  aux walk stopped:", e)
            AUX[k2] = b2 + 1
    else:
        picked.append(next(gen, ("none", 0)))
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
        w = MODEL.layers[0].kernel
        for name, budget in picked:
            if name == "l1":
                loss = loss + 0.001 * budget * tf.reduce_sum(tf.abs(w))
            elif name == "l2":
                loss = loss + 0.001 * budget * tf.reduce_sum(tf.square(w))
            elif name == "ent":
                loss = loss + 0.01 * budget * tf.reduce_mean(tf.abs(pred))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    TAKEN.append([p[0] for p in picked])
    return loss


for step in range(30):
    if step == 7:
        EVICT = True
    if step == 13:
        EVICT = False
    if step == 18:
        AUX["ent"] = 2
    if step == 23:
        EVICT = True
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), AUX, TAKEN[-1], CAUGHT)

print(json.dumps({"aux": AUX, "caught": CAUGHT, "taken": TAKEN[-5:],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
