"""The step keeps per-phase statistics as namedtuples in a module-level dict keyed by the
current phase name (a global string): it reads STATS.get(PHASE, EMPTY), builds the next
record Stat(n=rec.n + 1, total=rec.total + float(loss), last=float(loss)) (a _replace form
was refused: 'Stat customises attribute access'), stores
it back, and returns it.  The phase string changes mid-run ("warmup" -> "main" at step 8,
"main".upper() -> "MAIN" at step 15, back to "warmup" at step 22, a str built at run time
equal to the first), and at step 18 the loop deletes the "main" entry.  Probes: a dict the
step reads and writes under a changing str key, holding namedtuples it makes anew."""
import random

import numpy

random.seed(410)
numpy.random.seed(410)

import json
from collections import namedtuple

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3830)
rng = np.random.default_rng(3830)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 2:]).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
Stat = namedtuple("Stat", "n total last")
EMPTY = Stat(0, 0.0, None)
STATS = {}
PHASE = "warmup"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    rec = STATS.get(PHASE, EMPTY)
    lv = float(loss)
    new = Stat(n=rec.n + 1, total=rec.total + lv, last=lv)
    STATS[PHASE] = new
    return loss, new


for step in range(30):
    if step == 8:
        PHASE = "main"
    elif step == 15:
        PHASE = PHASE.upper()
    elif step == 18:
        del STATS["main"]
    elif step == 22:
        PHASE = "".join(["warm", "up"])
    i = (step * 8) % 48
    loss, rec = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), rec, rec is STATS[PHASE], sorted(STATS))

print(json.dumps({"W": W.numpy().ravel().tolist(),
                  "stats": {k: [v.n, repr(v.total), repr(v.last)] for k, v in STATS.items()},
                  "empty_untouched": EMPTY == Stat(0, 0.0, None)}))
