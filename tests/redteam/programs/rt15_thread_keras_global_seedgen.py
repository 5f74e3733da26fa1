"""Probe: the same hot step called from different threads, where Keras' default
SeedGenerator (used by keras.random.* with seed=None) is thread-local state.

The step draws `keras.random.dropout(h, 0.3)` and `keras.random.normal(...)` with no
seed: Keras takes them from the global SeedGenerator in its thread-local global
state, creating one (seeded from Python's `random`) the first time a thread asks. The
loop runs most steps on the main thread, every 4th step (n % 4 == 1) on one persistent
worker thread (which keeps its own SeedGenerator across calls) and every n % 4 == 3 step
on a brand-new thread (a fresh SeedGenerator each time, seeded from Python's random,
which moves the main stream). Threads run one at a time (started and joined), so the
run is deterministic. A graph that captured the main thread's generator variable and
is then called from another thread draws from (and advances) the wrong generator, and
never moves Python's random for the fresh threads. Mechanism: thread-local library
state read by a converted step called from several threads."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import queue
import random
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1525)
rng = np.random.default_rng(1525)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        h = keras.random.dropout(h, 0.3)
        noise = keras.random.normal((8, 1), stddev=0.05)
        loss = tf.reduce_mean(tf.square(h @ W2 + noise - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


jobs = queue.Queue()
results = queue.Queue()


def worker():
    while True:
        item = jobs.get()
        if item is None:
            return
        results.put(train_step(*item))


persistent = threading.Thread(target=worker, name="persistent")
persistent.start()


def run_fresh(args):
    out = []
    t = threading.Thread(target=lambda: out.append(train_step(*args)))
    t.start()
    t.join()
    return out[0]


for step in range(32):
    i = (step * 8) % 56
    args = (tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    if step % 4 == 1:
        jobs.put(args)
        loss = results.get()
        where = "persistent"
    elif step % 4 == 3:
        loss = run_fresh(args)
        where = "fresh"
    else:
        loss = train_step(*args)
        where = "main"
    print(step, where, repr(round(float(loss), 6)), "py-random", random.random())

jobs.put(None)
persistent.join()
print(json.dumps({"W2": [round(float(v), 6) for v in W2.numpy().ravel()],
                  "py_random": random.random()}))
