"""A step that drains a work queue and walks generators with idioms whose consumption
order is observable: `for job in iter(JOBS.pop, "STOP")` (a callable iterator made in
the step over the program's list; each pop mutates JOBS, and the loop refills JOBS
between steps with a varying number of jobs before the "STOP" marker, which is itself
popped; at some steps a job is queued *behind* the marker, stays in JOBS and is taken
first at the next step), itertools.pairwise over a generator that prints each layer it yields (pairwise
pulls two items before its first pair), and the chunking idiom `zip(it, it)` over one
iterator of variables (kernel/bias pairs, with an odd leftover dropped when a job asks
for an offset).  Jobs are strings naming a layer to boost.  Probes: C iterators made in
a converted step that mutate program lists and consume generators in CPython's exact
order."""
import random

import numpy

random.seed(4733)
numpy.random.seed(4733)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4733)
rng = np.random.default_rng(4733)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 1.5 - XS[:, :1] * XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh", name="a"),
    keras.layers.Dense(5, activation="tanh", name="b"),
    keras.layers.Dense(1, name="c"),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
JOBS = []
DONE = []


def layer_stream():
    for layer in MODEL.layers:
        print("    stream", layer.name)
        yield layer


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        gap = tf.constant(0.0)
        for a, b in itertools.pairwise(layer_stream()):
            print("    pair", a.name, b.name)
            gap = gap + tf.square(tf.reduce_mean(a.kernel) - tf.reduce_mean(b.kernel))
        total = loss + 1e-2 * gap
    variables = MODEL.trainable_variables
    grads = tape.gradient(total, variables)
    boost = set()
    offset = 0
    for job in iter(JOBS.pop, "STOP"):
        if job == "shift":
            offset = 1
        else:
            boost.add(job)
        DONE.append(job)
    it = iter(list(zip(grads, variables))[offset:])
    pairs = []
    for (gk, k), (gb, b) in zip(it, it):
        f = 2.0 if k.path.split("/")[1] in boost else 1.0
        pairs.append((gk * f, k))
        pairs.append((gb * f, b))
    OPT.apply_gradients(pairs)
    print("  boost", sorted(boost), "offset", offset, len(pairs), "left", list(JOBS))
    return loss, gap


for step in range(30):
    JOBS[:0] = ["STOP"] + (["a"] if step % 3 == 0 else []) + (["c"] if step % 4 == 1 else [])
    if step in (10, 11, 23):
        JOBS.append("shift")
    if step in (15, 16, 27):
        JOBS.insert(0, "b")
    i = (step * 8) % 80
    loss, gap = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(gap)), len(DONE))

print(json.dumps({
    "done_tail": DONE[-6:],
    "jobs": JOBS,
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
}))
