"""Two worker objects of one class train one shared model, alternating steps.  The class
holds `tags = ()` (a tuple), `seen = 0` (an int), `shared = []` (a list) and `total =
0.0`.  The step method does `self.tags += (v,)` and `self.seen += 1` (each creates or
rebinds an INSTANCE attribute; the class values stay), `self.shared += [self.wid]` (the
CLASS list extended through whichever worker, then bound on the instance too) and
`type(self).total += v` (a class-attribute write).  At step 13 the loop rebinds
`Worker.shared` to a new list and deletes worker 1's instance attributes (`del w.tags,
w.seen, w.shared`), so worker 1 falls back to the class values on its next call while
worker 0 keeps its own.  Prints `vars()` keys, lengths and identities.  Probes: `+=`
through instances on class-level immutables and lists, shared by several instances."""
import random

import numpy

random.seed(4824)
numpy.random.seed(4824)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4824)
rng = np.random.default_rng(4824)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0) - XS[:, 2:3] * 0.3).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Worker:
    tags = ()
    seen = 0
    shared = []
    total = 0.0

    def __init__(self, wid):
        self.wid = wid

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        grads = tape.gradient(loss, MODEL.trainable_variables)
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
        v = float(loss)
        self.tags += (v,)
        self.seen += 1
        self.shared += [self.wid]
        type(self).total += v
        return loss, len(self.tags), self.seen, len(self.shared)


workers = [Worker(0), Worker(1)]
first_shared = Worker.shared
for step in range(30):
    if step == 13:
        Worker.shared = ["new"]
        w = workers[1]
        del w.tags, w.seen, w.shared
    w = workers[step % 2]
    i = (step * 8) % 56
    loss, nt, seen, ns = w.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), w.wid, nt, seen, ns, sorted(vars(w)), Worker.tags, Worker.seen, repr(Worker.total),
          [x.shared is Worker.shared for x in workers if "shared" in vars(x)], len(first_shared), len(Worker.shared))

print(json.dumps({"tags": [[repr(t) for t in x.tags[-2:]] for x in workers], "seen": [x.seen for x in workers],
                  "shared": Worker.shared, "first": first_shared[-6:], "total": repr(Worker.total),
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
