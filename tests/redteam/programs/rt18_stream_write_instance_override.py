"""Probes: print to an io stream whose `write` is overridden on the instance.

janus refuses "a print to a stream whose write() is the program's own code (a Tee on
sys.stdout that counts lines)" because it replays output after the graph.  A
TextIOWrapper (io's C class) has an instance __dict__, so a program can install
`LOG.write = counting_write` on the live log file object without any class of its own:
type(LOG).write is still io's C method, but print() looks `write` up on the object and
finds the instance attribute.  At step 12 the loop installs a counting wrapper on the
log stream; the step prints its line to that stream and then reads the write counter
to pick its learning rate (a 'log budget' rule).  Eager: print calls counting_write
once per piece of the line (4 writes: two items, the separator, the end) before the
read."""
import json
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1822)
rng = np.random.default_rng(1822)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)

TMP = tempfile.mkdtemp()
LOG = open(os.path.join(TMP, "train.log"), "w", encoding="utf-8")
WRITES = {"n": 0}
RAW_WRITE = LOG.write


def counting_write(text):
    WRITES["n"] += 1
    return RAW_WRITE(text)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    print("loss", f"{float(loss):.6f}", file=LOG)
    lr = 0.05 if WRITES["n"] % 3 == 0 else 0.02
    W.assign_sub(lr * g)
    return loss, lr


for step in range(30):
    if step == 12:
        LOG.write = counting_write
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "lr", lr, "writes", WRITES["n"])

LOG.close()
with open(os.path.join(TMP, "train.log"), encoding="utf-8") as f:
    n_lines = len(f.read().splitlines())
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "writes": WRITES["n"],
    "log_lines": n_lines,
}))

# The per-process temporary paths differ from run to run: not state to compare.
del TMP, RAW_WRITE
