"""Generators and iterators around the step: a generator made inside the step that lazily reads
a dict the consuming loop writes between resumptions; a running-average coroutine made
outside and fed with .send() from inside the step; next() of an itertools.count from outside;
the coroutine closed and replaced, the count replaced, and the dict cleared from outside.

Inside the step: `for name, v, w in weighted(VARS)` where weighted() yields
WEIGHTS.get(name, DEFAULT) * WEIGHTS.get("_all", 1.0) at each resume, while the loop body
writes WEIGHTS[name] = w * 0.9 and shrinks WEIGHTS["_all"] by 1% (so the next resume, inside
the same call, already sees the consumer's write of "_all"; across calls the weights decay).
AVG is an averaging coroutine (made and primed outside) that the step feeds float(loss).
TICK = itertools.count(); the step takes next(TICK) as an id.
Step 16: AVG.close(); AVG = a new primed averager.
Step 20: TICK = itertools.count(100, 5).
Step 24: WEIGHTS.clear() (weights back to DEFAULT).
Step 28: DEFAULT = 0.5.
A wrong converter reads the dict before the consumer's writes, loses the coroutine's state,
or takes the count's value from the build."""
import itertools
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4735)
random.seed(4735)
rng = np.random.default_rng(4735)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

VARS = [(n, tf.Variable(rng.normal(size=s).astype("float32") * 0.1))
        for n, s in [("w1", (64, 24)), ("b1", (24,)), ("w2", (24, 10)), ("b2", (10,))]]
WEIGHTS = {}
DEFAULT = 1.0


def averager():
    total = 0.0
    n = 0
    avg = None
    while True:
        x = yield avg
        total += x
        n += 1
        avg = total / n


def weighted(pairs):
    for name, v in pairs:
        yield name, v, WEIGHTS.get(name, DEFAULT) * WEIGHTS.get("_all", 1.0)


AVG = averager()
next(AVG)
TICK = itertools.count()


def train_step(x, y):
    tick = next(TICK)
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ VARS[0][1] + VARS[1][1])
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, h @ VARS[2][1] + VARS[3][1]))
    grads = tape.gradient(loss, [v for _, v in VARS])
    used = []
    for (name, v, w), g in zip(weighted(VARS), grads):
        v.assign_sub(0.3 * w * g)
        WEIGHTS[name] = w * 0.9
        WEIGHTS["_all"] = WEIGHTS.get("_all", 1.0) * 0.99
        used.append(round(w, 6))
    avg = AVG.send(float(loss))
    return loss, tick, used, avg


for step in range(38):
    if step == 16:
        AVG.close()
        AVG = averager()
        next(AVG)
    elif step == 20:
        TICK = itertools.count(100, 5)
    elif step == 24:
        WEIGHTS.clear()
    elif step == 28:
        DEFAULT = 0.5
    i = (step * 16) % (len(X) - 16)
    loss, tick, used, avg = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), tick, used, repr(avg), TICK)

for n, v in VARS:
    print("ck", n, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("next", next(TICK), AVG.send(0.0), sorted(WEIGHTS.items()))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
