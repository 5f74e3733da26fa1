"""The room of SETS the step makes (the contract names lists and dicts): a set of
"active units" filled one unit at a time with `add` and then thinned with `discard`
(a set never shrinks its table on discard: 20 adds then 18 discards leave a 2264-byte set
where set({18, 19}) is 216 bytes), a set made by a set comprehension, and a frozenset of
the survivors.  The unit ids come from the global NUNITS and KEEP (changed at steps 10
and 20); the step uses len() of the sets to scale the loss and stores them in a record
appended to HIST; the loop prints sys.getsizeof of each, and after the run adds to the
last one (whose next resize depends on its room).  Probes: the room and iteration order
of sets made in the step and handed out at commit; a converter that makes them anew from
their final items gets a smaller table (and another iteration order after the adds)."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1943)
rng = np.random.default_rng(1943)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NUNITS = 20
KEEP = 2
HIST = []


def train_step(x, y):
    active = set()
    for u in range(NUNITS):
        active.add(u * 7)
    for u in range(NUNITS - KEEP):
        active.discard(u * 7)
    evens = {u for u in range(NUNITS) if u % 2 == 0}
    frozen = frozenset(active)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.01 * len(active))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    HIST.append({"active": active, "evens": evens, "frozen": frozen})
    return loss


for step in range(30):
    if step == 10:
        NUNITS = 40
        KEEP = 3
    if step == 20:
        NUNITS = 9
        KEEP = 8
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rec = HIST[-1]
    print(step, repr(float(loss)), [sys.getsizeof(rec[k]) for k in ("active", "evens", "frozen")],
          sorted(rec["active"]))

last = HIST[-1]["active"]
for u in range(100, 140):
    last.add(u)
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "sizes_mid": [sys.getsizeof(HIST[15][k]) for k in ("active", "evens", "frozen")],
    "last_order": list(last)[:20],
    "last_size": sys.getsizeof(last),
    "iterations": int(OPT.iterations.numpy()),
}))
