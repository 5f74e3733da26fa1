"""PEP 479: a StopIteration that escapes a generator's frame becomes
RuntimeError("generator raised StopIteration") at the consumer, while the same
StopIteration escaping a list comprehension (inlined in 3.12+) is just a StopIteration.

The step pairs up the offsets of a list of mini-batches with a generator written in the
pre-3.7 style: `a = next(src, None); if a is None: return; b = next(src); yield a, b`,
where src is a generator over the program's list of offsets.  With an even number of
offsets the pairing ends normally; with an odd number, next(src) for b raises
StopIteration inside the pairing generator, which CPython turns into RuntimeError: the
step catches it (`except RuntimeError`) and trains on the unpaired offset alone with a
different weight.  A second helper takes a fixed number of offsets with a list
comprehension of next() calls, whose StopIteration the step catches separately.  The
loop appends an offset at steps 9, 19 and 29 (odd / even / odd / even counts).  A graph
that ends the pairing generator quietly on StopIteration (as a for loop would) or that
reports the wrong exception class trains with other terms and counts other events.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(31)
np.random.seed(31)
keras.utils.set_random_seed(31)

rng = np.random.default_rng(31)
X = tf.constant(rng.normal(size=(96, 4)).astype(np.float32))
Y = tf.constant(rng.normal(size=(96, 1)).astype(np.float32))

OFFSETS = [0, 8, 16, 24]
EVENTS = {"runtime": 0, "stop": 0}
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)


def source(items):
    for o in items:
        yield o


def pairs(src):
    while True:
        a = next(src, None)
        if a is None:
            return
        b = next(src)
        yield a, b


def take3(src):
    return [next(src) for _ in range(3)]


def mse(o):
    return tf.reduce_mean(tf.square(X[o:o + 8] @ W - Y[o:o + 8]))


def train_step():
    seen = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        try:
            for a, b in pairs(source(OFFSETS)):
                seen.append((a, b))
                loss = loss + mse(a) + 0.5 * mse(b)
        except RuntimeError:
            EVENTS["runtime"] += 1
            seen.append("runtime")
            loss = loss + 0.1 * mse(OFFSETS[-1])
        except StopIteration:
            EVENTS["stop"] += 10
            seen.append("stop")
        try:
            firsts = take3(source(OFFSETS[3:]))
            seen.append(firsts)
            loss = loss + 0.01 * len(firsts)
        except StopIteration:
            EVENTS["stop"] += 1
            seen.append("short")
        except RuntimeError:
            EVENTS["runtime"] += 100
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, seen


for step in range(38):
    if step in (9, 19, 29):
        OFFSETS.append(8 * len(OFFSETS))
    loss, seen = train_step()
    print(step, repr(float(loss)), seen, EVENTS["runtime"], EVENTS["stop"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "events": EVENTS,
    "offsets": OFFSETS,
}))
