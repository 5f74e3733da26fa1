"""Probes a generator expression made in the step over a program list (`live = (v for
v in QUEUE if v > 0)`), consumed by a for loop whose body changes QUEUE.  A generator
expression holds a live list iterator: items the body appends are produced later, an
item the body removes before the cursor makes the generator skip one.  Each pass of the
body pops the first item and, for large values, appends a halved copy (a small
work-queue of loss weights), stopping after 8 items.  The loop refills QUEUE from a
template before each call and edits the template at steps 9, 17 and 26.  A graph that
materialized the generator from a snapshot of QUEUE (or ran it to its end before the
loop, as sum()/list() would) would produce other weights and leave another QUEUE."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2228)
np.random.seed(2228)
keras.utils.set_random_seed(2228)
rng = np.random.default_rng(2228)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
TEMPLATE = [0.4, -1.0, 1.6, 0.2]
QUEUE = []


def train_step(x, y):
    live = (v for v in QUEUE if v > 0)
    weights = []
    for v in live:
        weights.append(v)
        QUEUE.pop(0)
        if v > 1.0:
            QUEUE.append(v * 0.5)
        if len(weights) >= 8:
            break
    coef = 0.0
    for w in weights:
        coef += w
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * (1.0 + 0.1 * coef)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, weights


for step in range(36):
    if step == 9:
        TEMPLATE.insert(0, 3.0)
    if step == 17:
        TEMPLATE[2] = 0.9
    if step == 26:
        TEMPLATE.append(2.2)
    QUEUE[:] = TEMPLATE
    i = (step * 8) % 72
    loss, weights = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), weights, QUEUE)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "queue": QUEUE,
}))
