"""Objects the step makes (a plain `Record` class) whose attributes are set in an order
that varies: __init__ sets `step` and `loss`; then, depending on the global PHASE, the
step adds `lr` before or after `note`, deletes `note` and sets it again (moving it to the
end of the instance's attribute order), or adds nothing.  CPython 3.13 keeps instance
attributes in inline values shared with the class's cached keys while the insertion
order matches; a different order or a deletion gives the instance its own dict.  The
loop prints `list(vars(rec))` (the attribute order) and `sys.getsizeof(vars(rec))`,
whose value in CPython 3.13 depends on that layout and on the class's shared-keys state,
which every instance of Record ever made moves (eager: 8 bytes less per instance made
so far), and after the run makes a fresh Record.
Probes: objects the step makes are made anew at commit "with their fields as the build's
instance holds them"; a converter that sets the final fields in another order, or from
a dict, or that makes extra Record instances while building, changes the attribute
order, the dict layout or its size."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1947)
rng = np.random.default_rng(1947)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PHASE = "plain"
HIST = []


class Record:
    def __init__(self, step, loss):
        self.step = step
        self.loss = loss


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    rec = Record(step, float(loss))
    if PHASE == "lr_first":
        rec.lr = 0.05
        rec.note = "warm"
    elif PHASE == "note_first":
        rec.note = "main"
        rec.lr = 0.05
        del rec.note
        rec.note = "main2"
    HIST.append(rec)
    return loss


for step in range(30):
    if step == 8:
        PHASE = "lr_first"
    if step == 16:
        PHASE = "note_first"
    if step == 24:
        PHASE = "plain"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    rec = HIST[-1]
    print(step, repr(float(loss)), list(vars(rec)), sys.getsizeof(vars(rec)))

fresh = Record(99, 0.5)
fresh.lr = 1.0
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "fresh": [list(vars(fresh)), sys.getsizeof(vars(fresh))],
    "first": [list(vars(HIST[0])), sys.getsizeof(vars(HIST[0]))],
    "iterations": int(OPT.iterations.numpy()),
}))
