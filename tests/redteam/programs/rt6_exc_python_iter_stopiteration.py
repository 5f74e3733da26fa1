"""The step takes its batch offset with next() on a Python iterator held in a global and
lets StopIteration escape at the end of an epoch (the driver catches it, makes a new
iterator and retries). It also takes next(AUX, None) from a second iterator that runs
out at step 20 (default from then on). Until step 13 the iterator is a list iterator;
from the first epoch that starts at or after step 13 it is a generator function that
prints when it resumes and when it finishes; from step 25 an
itertools.islice(itertools.cycle(...), 5)."""
import itertools
import random

import numpy as np
import tensorflow as tf

random.seed(137)
np.random.seed(137)
tf.random.set_seed(137)

rng = np.random.default_rng(173)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

OFFSETS = [0, 8, 16, 24, 32, 40]
MODE = "list"


def gen_offsets():
    for k, off in enumerate(reversed(OFFSETS)):
        print(f"    gen yields #{k} -> {off}")
        yield off
    print("    gen exhausted")


def new_iter():
    if MODE == "list":
        return iter(OFFSETS)
    if MODE == "gen":
        return gen_offsets()
    return itertools.islice(itertools.cycle(OFFSETS[1:]), 5)


IT = new_iter()
AUX = iter(range(20))
CONSUMED = []


def train_step():
    off = next(IT)
    extra = next(AUX, None)
    CONSUMED.append(off)
    x, y = X[off:off + 8], Y[off:off + 8]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub((0.05 if extra is None else 0.05 + 0.001 * extra) * g)
    return loss, off, extra


epoch = 0
for step in range(38):
    if step == 13:
        MODE = "gen"
    elif step == 25:
        MODE = "islice"
    try:
        loss, off, extra = train_step()
    except StopIteration:
        epoch += 1
        print("  epoch end ->", epoch, MODE)
        IT = new_iter()
        loss, off, extra = train_step()
    print(step, repr(float(loss)), off, extra, len(CONSUMED))

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("CONSUMED", CONSUMED)
print("left", list(IT), next(AUX, "done"))
