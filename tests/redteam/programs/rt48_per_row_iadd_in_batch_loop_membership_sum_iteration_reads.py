"""Inside the step, a Python `for i in range(len(x))` over the batch rows extends
`self.rows += [round(float(per[i]), 3)]` once per row, then reads the list just extended:
`sum(self.rows[-4:])`, `self.rows[-1] in self.rows[:-1]` (a repeated rounded value),
`len(self.rows)`, and an explicit `for r in self.rows[-3:]: acc += r` loop; it keeps
`self.total += sum(self.rows[-4:])` and `self.nrep += dup`.  The loop between steps
trims the history in place (`del rows[:-8]`), `clear()`s it at step 14, replaces it by a
copy at step 20 (holding the old one), and reverses it in place at step 25.  The batch
size changes from 4 to 3 at step 10 (the row loop's trip count with it).  Probes: many
`+=` on one list in one call and reads of it in between, with the list edited from
outside."""
import random

import numpy

random.seed(4825)
numpy.random.seed(4825)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4825)
rng = np.random.default_rng(4825)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + 0.2).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.rows = []
        self.total = 0.0
        self.nrep = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            per = tf.reduce_mean(tf.square(self.model(x) - y), axis=1)
            loss = tf.reduce_mean(per)
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        for i in range(len(x)):
            self.rows += [round(float(per[i]), 2)]
        s4 = sum(self.rows[-4:])
        dup = self.rows[-1] in self.rows[:-1]
        acc = 0.0
        for r in self.rows[-3:]:
            acc += r
        self.total += s4
        self.nrep += dup
        return loss, s4, dup, acc, len(self.rows)


tr = Trainer()
old = None
for step in range(30):
    if step == 14:
        tr.rows.clear()
    if step == 20:
        old = tr.rows
        tr.rows = tr.rows[:]
    if step == 25:
        tr.rows.reverse()
    bs = 4 if step < 10 else 3
    i = (step * 4) % 72
    loss, s4, dup, acc, n = tr.train_step(tf.constant(XS[i:i + bs]), tf.constant(YS[i:i + bs]))
    print(step, repr(float(loss)), repr(s4), dup, repr(acc), n, tr.rows[-3:], repr(tr.total), tr.nrep,
          None if old is None else len(old))
    del tr.rows[:-8]

print(json.dumps({"rows": tr.rows, "old": old, "total": repr(tr.total), "nrep": tr.nrep,
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
