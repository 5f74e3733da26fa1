"""Elements with structure: a tf.data iterator yields dicts whose keys were given in the
order y, meta, x, where `meta` is a namedtuple Meta(id, extra) and `extra` a tuple
(weight, flag).  The step pulls one element, trains on it (weighted by `weight`, the
flag adding a penalty through a tensor if), and keeps what it pulled: the whole element
appended to `self.seen`, its `meta` stored as `self.last_meta`.  The loop inspects the
kept objects: key order, types, identity between them, dtypes.  Probes: the structure
and identity of pulled elements that the step stores (dict key order, namedtuple type,
nested tuples, the same object reached two ways)."""
import random

import numpy

random.seed(5115)
numpy.random.seed(5115)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5115)
rng = np.random.default_rng(5115)

Meta = collections.namedtuple("Meta", ["id", "extra"])

N = 48
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([0.5, 0.5, -1.0], np.float32)).astype(np.float32)
WT = rng.uniform(0.5, 1.5, size=N).astype(np.float32)
FLAG = rng.uniform(size=N) < 0.3
DS = tf.data.Dataset.from_tensor_slices({
    "y": YS,
    "meta": Meta(np.arange(N, dtype=np.int64), (WT, FLAG)),
    "x": XS,
}).repeat()


class Trainer:
    def __init__(self):
        self.it = iter(DS)
        self.seen = []
        self.last_meta = None
        self.w = tf.Variable(tf.zeros((3,)), name="w")
        self.opt = keras.optimizers.SGD(learning_rate=0.1)

    def train_step(self):
        e = next(self.it)
        weight, flag = e["meta"].extra
        with tf.GradientTape() as tape:
            loss = weight * tf.square(tf.reduce_sum(e["x"] * self.w) - e["y"])
            if flag:
                loss = loss + 0.01 * tf.reduce_sum(tf.square(self.w))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        self.seen.append(e)
        self.last_meta = e["meta"]
        return loss, list(e.keys())


tr = Trainer()
for step in range(34):
    loss, keys = tr.train_step()
    m = tr.last_meta
    print(step, keys, type(m).__name__, int(m.id), bool(m.extra[1]),
          m is tr.seen[-1]["meta"], m.extra is tr.seen[-1]["meta"].extra,
          repr(float(loss)))

last = tr.seen[-1]
print("types", type(last).__name__, type(last["meta"]).__name__, type(last["meta"].extra).__name__,
      type(last["x"]).__name__, last["meta"].extra[1].dtype.name, last["meta"].id.dtype.name)
print("distinct", len({id(e) for e in tr.seen}), len(tr.seen), tr.seen[0] is tr.seen[1])
print(json.dumps({
    "ids": [int(e["meta"].id) for e in tr.seen],
    "keys": list(last.keys()),
    "w": [repr(float(v)) for v in tr.w.numpy()],
}))
