"""The step pulls its own batch with next() from a tf.data iterator held in the
program's state, restarts the iterator when it raises StopIteration (epoch end, inside
the step), and checks the batch with tf.debugging.check_numerics: one row of the data is
NaN, so the step raises InvalidArgumentError after it has consumed a batch and bumped
Python counters (the plain interpreter does not give the batch back). The driver
catches it and goes on. Step 15: the state's dataset is swapped for a shuffled one
(seeded, reshuffled each epoch) that takes effect at the next restart. Step 27: the
iterator is replaced from outside mid-epoch."""
import random

import numpy as np
import tensorflow as tf

random.seed(127)
np.random.seed(127)
tf.random.set_seed(127)

rng = np.random.default_rng(163)
XN = rng.normal(size=(56, 4)).astype("float32")
XN[42, 1] = np.nan
YN = rng.normal(size=(56, 1)).astype("float32")
DS = tf.data.Dataset.from_tensor_slices((XN, YN)).batch(8)
DS_SHUF = tf.data.Dataset.from_tensor_slices((XN, YN)).shuffle(56, seed=5, reshuffle_each_iteration=True).batch(8)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


class State:
    def __init__(self):
        self.ds = DS
        self.it = iter(DS)
        self.epoch = 0
        self.pulled = 0


ST = State()


def train_step():
    try:
        x, y = next(ST.it)
    except StopIteration:
        ST.epoch += 1
        ST.it = iter(ST.ds)
        x, y = next(ST.it)
    ST.pulled += 1
    x = tf.debugging.check_numerics(x, "bad batch")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss, y[0, 0]


for step in range(40):
    if step == 15:
        ST.ds = DS_SHUF
    elif step == 27:
        ST.it = iter(ST.ds)
    try:
        loss, y0 = train_step()
        print(step, repr(float(loss)), repr(float(y0)), ST.epoch, ST.pulled)
    except tf.errors.InvalidArgumentError as e:
        msg = str(e)
        core = msg[msg.find("bad batch"):].split("[Op")[0].strip()
        print(step, type(e).__name__, repr(core), ST.epoch, ST.pulled)

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
rest = [float(y[0, 0]) for _, y in ST.it]
print("rest of iterator", len(rest), [repr(r) for r in rest])
