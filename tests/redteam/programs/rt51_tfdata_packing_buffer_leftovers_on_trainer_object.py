"""Sequence packing with a carry-over buffer: a Trainer keeps `self.buf`, a list of
element dicts pulled from a tf.data iterator.  Each call tops the buffer up with
`while len(self.buf) < self.need: self.buf.append(next(self.it))`, trains on the first
`self.take` elements and keeps the rest for the next call (`self.buf = self.buf[take:]`).
need/take follow a schedule the loop changes (4/3, then 3/3, then 5/2), so the number
of pulls per call depends on what the previous call left.  Probes: pulls whose count is
decided by Python state the step itself carries (a buffer of pulled elements kept on an
object across calls): the ids trained on, the ids left in the buffer, the pulled
elements kept as the very objects pulled."""
import random

import numpy

random.seed(5109)
numpy.random.seed(5109)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5109)
rng = np.random.default_rng(5109)

N = 53
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = np.tanh(XS @ np.array([1.0, 0.5, -1.0], np.float32)).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices({"id": np.arange(N, dtype=np.int64), "x": XS, "y": YS}).repeat()


class Trainer:
    def __init__(self):
        self.it = iter(DS)
        self.buf = []
        self.need = 4
        self.take = 3
        self.w = tf.Variable(tf.zeros((3,)), name="w")
        self.opt = keras.optimizers.SGD(learning_rate=0.2)
        self.calls = 0

    def train_step(self):
        while len(self.buf) < self.need:
            self.buf.append(next(self.it))
        batch = self.buf[:self.take]
        self.buf = self.buf[self.take:]
        x = tf.stack([e["x"] for e in batch])
        y = tf.stack([e["y"] for e in batch])
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(tf.linalg.matvec(x, self.w)) - y))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        self.calls += 1
        return loss, [int(e["id"]) for e in batch], batch[0]


tr = Trainer()
firsts = []
for step in range(40):
    if step == 12:
        tr.need, tr.take = 3, 3
    if step == 24:
        tr.need, tr.take = 5, 2
    before = list(tr.buf)
    loss, ids, first = tr.train_step()
    firsts.append(first)
    kept = bool(before) and first is before[0]
    same_x = bool(before) and first["x"] is before[0]["x"]
    print(step, tr.need, tr.take, ids, "left", [int(e["id"]) for e in tr.buf], kept, same_x, repr(float(loss)))

print("first", type(firsts[-1]).__name__, list(firsts[-1].keys()), firsts[-1] is firsts[-2])
print(json.dumps({
    "calls": tr.calls,
    "buf": [int(e["id"]) for e in tr.buf],
    "w": [repr(float(v)) for v in tr.w.numpy()],
    "next_id": int(next(tr.it)["id"]),
}))
