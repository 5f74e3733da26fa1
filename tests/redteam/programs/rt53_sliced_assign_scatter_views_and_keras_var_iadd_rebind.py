"""Per-class statistics kept in variables, updated by the step through APIs whose return
values are eager-only objects: `STATS[c].assign(v)` (a sliced variable assign) and
`COUNTS.scatter_add(tf.IndexedSlices(...))` each return an `_UnreadVariable`, a live view
that reads the variable whenever read later; `OPT.apply_gradients(...)` returns the
optimizer's `iterations` variable itself.  The step keeps these in a global list.  It
also does `SEEN += 1.0` on a global holding a `keras.Variable`, which rebinds the global
to a new EagerTensor at the first call (the Keras variable keeps its value) and adds to
that tensor afterwards.  The loop prints the kept objects' types, identity with the
variables, and their values at later steps; it assigns STATS itself at step 18.
Probes: eager-only objects returned by variable updates leaving the step, `is` against
the optimizer's variable, and a global rebound from a Keras variable to a tensor by
`+=` inside the step."""
import random

import numpy

random.seed(569)
numpy.random.seed(569)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(569)
rng = np.random.default_rng(569)
XS = rng.normal(size=(160, 4)).astype(np.float32)
CLS = (XS[:, 0] > 0).astype(np.int32) + (XS[:, 1] > 0.5).astype(np.int32)
YS = (XS[:, 2:3] * (CLS[:, None] + 1)).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.03)
STATS = tf.Variable(tf.zeros((3,)))
COUNTS = tf.Variable(tf.zeros((3,)))
SEEN_VAR = keras.Variable(0.0)
SEEN = SEEN_VAR
KEPT = []


def train_step(x, y, c):
    global SEEN
    with tf.GradientTape() as tape:
        per = tf.square(MODEL(x)[:, 0] - y[:, 0])
        loss = tf.reduce_mean(per)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    it = OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    first = c[0]
    view = STATS[first].assign(tf.reduce_mean(per))
    counted = COUNTS.scatter_add(tf.IndexedSlices(tf.ones_like(per), c))
    SEEN += 1.0
    KEPT.append((view, counted, it))
    return loss


for step in range(30):
    if step == 18:
        STATS.assign([10.0, 20.0, 30.0])
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(CLS[i:i + 8]))
    view, counted, it = KEPT[-1]
    print(step, repr(float(loss)), type(view).__name__, type(counted).__name__, it is OPT.iterations,
          [repr(float(v)) for v in view.numpy()], [int(v) for v in counted.numpy()], int(it),
          type(SEEN).__name__, repr(float(SEEN)), repr(float(SEEN_VAR)))
    if step >= 3:
        old_view, old_counted, old_it = KEPT[-4]
        print("   3 calls ago:", [repr(float(v)) for v in old_view.numpy()], [int(v) for v in old_counted.numpy()],
              int(old_it))

print(json.dumps({"stats": [repr(float(v)) for v in STATS.numpy()], "counts": COUNTS.numpy().tolist(),
                  "seen": repr(float(SEEN)), "seen_var": repr(float(SEEN_VAR)),
                  "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
