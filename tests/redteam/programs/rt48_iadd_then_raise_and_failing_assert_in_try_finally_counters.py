"""Python writes by `+=` that precede an exception inside the step's own `try`: `self.hist
+= [v]` then `raise Checkpoint(...)` every 4th call (the program's exception class on a
Python condition: the extend must be kept and the handler's `self.errs += [len(...)]`
runs), and `self.probe += [v]` followed by `tf.debugging.assert_less(loss, self.limit)`
(fails only on calls whose loss exceeds the limit: the graph call cannot run the
handler, so the interpreter must re-run the call from untouched state and extend
`probe` exactly ONCE), with `finally: self.fin += 1`.  The limit moves at step 12 and
the loop reads every counter and list back.  Probes: partial `+=` effects before an
exception that a handler inside the step catches, on both a Python-raised and a
graph-raised path."""
import random

import numpy

random.seed(4828)
numpy.random.seed(4828)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4828)
rng = np.random.default_rng(4828)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.3 + rng.normal(size=(64, 1)) * 0.4).astype(np.float32)


class Checkpoint(Exception):
    pass


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.hist = []
        self.probe = []
        self.errs = []
        self.asserts = 0
        self.fin = 0
        self.limit = 2.5
        self.calls = 0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.calls += 1
        v = float(loss)
        try:
            self.hist += [v]
            if self.calls % 4 == 0:
                raise Checkpoint("every fourth")
        except Checkpoint as e:
            self.errs += [len(self.hist), str(e)]
        try:
            self.probe += [v]
            tf.debugging.assert_less(loss, self.limit)
        except tf.errors.InvalidArgumentError:
            self.asserts += 1
        finally:
            self.fin += 1
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        return loss


tr = Trainer()
for step in range(30):
    if step == 12:
        tr.limit = 0.4
    i = (step * 4) % 60
    loss = tr.train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), len(tr.hist), len(tr.probe), tr.errs[-2:], tr.asserts, tr.fin, tr.calls,
          repr(tr.probe[-1]))

print(json.dumps({"hist": [repr(v) for v in tr.hist[-4:]], "probe": [repr(v) for v in tr.probe[-4:]],
                  "errs": tr.errs, "asserts": tr.asserts, "fin": tr.fin,
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
