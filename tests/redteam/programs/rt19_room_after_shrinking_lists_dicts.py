"""The room (allocated capacity, what sys.getsizeof shows and what decides the next
resize) of lists and dicts the step makes and then SHRINKS: a list appended to once per
layer statistic (over-allocating as it grows) and then popped down to its last three
entries (list_resize gives memory back only when the size falls below half the room), a
list cut with `del window[2:]`, a list emptied with `.clear()` (room freed to 0), a dict
filled with one key per statistic and then thinned with `del` (its table keeps the
deleted slots), and a dict emptied with `.clear()` (back to the shared empty keys).  The
step stores them in a record appended to HIST, and the loop prints their getsizeof.
How many statistics are appended depends on the global NSTAT (12, then 20 at step 10,
then 5 at step 20).  Probes: the room of containers the step made, when it shrank during
the call (pops, slice deletion, clear, key deletion); a converter that makes them at
commit from their final items (or replays appends only) gets other sizes."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1941)
rng = np.random.default_rng(1941)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NSTAT = 12
HIST = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    lv = float(loss)
    recent = []
    window = []
    scratch = []
    table = {}
    temp = {}
    for k in range(NSTAT):
        recent.append(lv * (k + 1))
        window.append(lv - k)
        scratch.append(k)
        table[k] = lv / (k + 1)
        temp[k] = k
    while len(recent) > 3:
        recent.pop()
    del window[2:]
    scratch.clear()
    for k in range(NSTAT - 2):
        del table[k]
    temp.clear()
    rec = {"recent": recent, "window": window, "scratch": scratch, "table": table,
           "temp": temp}
    HIST.append(rec)
    return loss


for step in range(30):
    if step == 10:
        NSTAT = 20
    if step == 20:
        NSTAT = 5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rec = HIST[-1]
    sizes = [sys.getsizeof(rec[k]) for k in ("recent", "window", "scratch", "table", "temp")]
    print(step, repr(float(loss)), sizes, [repr(v) for v in rec["recent"]])

last = HIST[-1]
last["recent"].append(1.0)
last["table"]["extra"] = 1.0
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "sizes_after_growth": [sys.getsizeof(last["recent"]), sys.getsizeof(last["table"])],
    "table_keys": [str(k) for k in last["table"]],
    "iterations": int(OPT.iterations.numpy()),
}))
