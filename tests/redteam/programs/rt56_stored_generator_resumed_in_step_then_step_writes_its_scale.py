"""The step creates a running-sum generator over the program's history (`running(HIST)`,
whose body multiplies each item by `SCALE_BOX[0]` when resumed), resumes it once
itself, and only then halves `SCALE_BOX[0]` and stores the suspended generator on the
trainer.  Outside the step the loop drains it: eagerly its running total already holds
the first item times the OLD scale, and the items after it use the new one.  The loop
also appends to HIST between steps, resets SCALE_BOX[0] to 1.0 at steps 10 and 20 and
reassigns HIST to a new list at step 15.  Probes: a generator made and advanced inside
a converted step, stored, whose suspended frame state (a local computed from state
the step wrote after the resume) must be what eager's is."""
import random

import numpy

random.seed(5643)
numpy.random.seed(5643)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5643)
rng = np.random.default_rng(5643)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 0:1]).astype(np.float32)

HIST = [1.0, 2.0, 3.0]
SCALE_BOX = [1.0]


class Trainer:
    pending = None


TR = Trainer()
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def running(items):
    total = 0.0
    for h in items:
        total += h * SCALE_BOX[0]
        yield total


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    gen = running(HIST)
    first = next(gen)
    SCALE_BOX[0] = SCALE_BOX[0] * 0.5
    TR.pending = gen
    return loss, first


for step in range(30):
    if step in (10, 20):
        SCALE_BOX[0] = 1.0
    if step == 15:
        HIST = [0.5, 0.25]
    i = (step * 8) % 120
    loss, first = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rest = list(TR.pending)
    HIST.append(float(step % 4))
    print(step, repr(float(loss)), repr(first), [repr(v) for v in rest[-2:]], SCALE_BOX[0])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "n": len(HIST)}))
