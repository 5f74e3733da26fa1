"""Set and dict in-place operators on program state in the step: `SEEN |= {bucket}` and
`SEEN -= {old}` on a module set of small ints (in place, same object; iteration order
printed as the set's own order), `RARE |= {bucket}` on a module FROZENSET (rebinds to a
new frozenset), `self.cfg |= {"last": v, "n": self.n}` on a trainer's dict (in place,
keys kept in insertion order), `self.flags |= self.extra` with a set the loop edits, and
a set the step makes (`local = set(); local |= {...}; local -= {...}`) that it stores.
`bucket` is derived from the loss (`int(v * 10) % 6`).  The loop holds aliases of SEEN
and cfg and reassigns `self.cfg` to a new dict at step 15.  Probes: `|=`/`-=` on sets,
frozensets and dicts, some in place and some rebinding."""
import random

import numpy

random.seed(4819)
numpy.random.seed(4819)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4819)
rng = np.random.default_rng(4819)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 2.0 + 0.3).astype(np.float32)

SEEN = {0}
RARE = frozenset()


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.cfg = {"start": 1}
        self.flags = set()
        self.extra = {100}
        self.n = 0
        self.local = None

    def train_step(self, x, y):
        global SEEN, RARE
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.n += 1
        bucket = int(v * 10) % 6
        SEEN |= {bucket}
        SEEN -= {(self.n + 3) % 6}
        if bucket > 3:
            RARE |= {bucket}
        self.cfg |= {"last": v, "n": self.n}
        self.flags |= self.extra
        local = set()
        local |= {bucket, self.n % 4}
        local -= {0}
        self.local = local
        return loss, bucket


tr = Trainer()
seen_alias = SEEN
cfg_alias = tr.cfg
rare_prev = RARE
for step in range(30):
    if step == 15:
        tr.cfg = {"restart": step}
    if step % 7 == 6:
        tr.extra.add(step)
    i = (step * 8) % 56
    loss, bucket = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), bucket, list(SEEN), SEEN is seen_alias, sorted(RARE), RARE is rare_prev,
          list(tr.cfg), repr(tr.cfg["last"]), tr.cfg is cfg_alias, len(cfg_alias), sorted(tr.flags), list(tr.local))
    rare_prev = RARE

print(json.dumps({"seen": list(SEEN), "rare": sorted(RARE), "cfg": {k: repr(v) for k, v in tr.cfg.items()},
                  "cfg_alias": {k: repr(v) for k, v in cfg_alias.items()}, "flags": sorted(tr.flags),
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
