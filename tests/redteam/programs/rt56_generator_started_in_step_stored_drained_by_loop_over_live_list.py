"""The step makes a generator over the program's history list (`window(HIST, k)`, a
running-sum generator with k = float(loss)), advances it once itself (`next(gen)`),
then appends the new loss to HIST and stores the suspended generator on the trainer
object.  Outside the step the loop resumes it: on even steps it drains it
(`list(TR.pending)`), which iterates the live list and so sees the item the step
appended after the generator started; on odd steps it takes one more item, then edits
HIST[1] in place before draining.  At steps 12 and 24 the loop trims HIST from the
front (`del HIST[:-3]`), and at step 18 it replaces TR.pending's source by rebinding
HIST to a new list (the stored generator keeps the old list).  Probes: a generator
created and partly consumed inside a converted call, stored, and resumed later by
code outside it (its frame state, its live list iterator, its local running sum)."""
import random

import numpy

random.seed(5618)
numpy.random.seed(5618)

import inspect
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5618)
rng = np.random.default_rng(5618)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.8 + np.sin(XS[:, 2:3])).astype(np.float32)

HIST = [0.5, 0.25]


class Trainer:
    pending = None


TR = Trainer()
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def window(items, k):
    total = 0.0
    for h in items:
        total += h
        yield round(total * k, 6)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    gen = window(HIST, float(loss))
    first = next(gen)
    HIST.append(round(float(loss), 4))
    TR.pending = gen
    return loss, first


for step in range(30):
    if step in (12, 24):
        del HIST[:-3]
    if step == 18:
        HIST = [1.0, 2.0]
    i = (step * 8) % 120
    loss, first = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    state = inspect.getgeneratorstate(TR.pending)
    if step % 2 == 0:
        rest = list(TR.pending)
    else:
        one = next(TR.pending)
        HIST[1] = 0.125 * step
        rest = [one] + list(TR.pending)
    print(step, repr(float(loss)), first, state, rest[-3:], len(rest), len(HIST))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "hist": HIST}))
