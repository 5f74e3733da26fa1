"""A trainer whose loss history `log` is a CLASS attribute list: the step does
`self.log += [float(loss), tag]`, which extends the shared class list in place and then
stores it as an INSTANCE attribute (STORE_ATTR of the same object).  The loop deletes
the instance attribute and rebinds the class list at step 12 (the next `+=` must extend
the new class list and recreate the attribute), rebinds the class
attribute to a fresh list again at step 18 (the instance keeps the old one), and switches to a
brand-new Trainer instance at step 25 (no instance attribute yet: its first `+=` extends
the NEW class list and creates the attribute).  Probes: `+=` through an instance on a
class-level list is extend + setattr on the instance, not a no-op store."""
import random

import numpy

random.seed(4801)
numpy.random.seed(4801)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4801)
rng = np.random.default_rng(4801)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    log = []
    tag = "base"

    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.log += [float(loss), self.tag]
        return loss, len(self.log)


FIRST_CLASS_LIST = Trainer.log
tr = Trainer(MODEL, OPT)
old_trainers = []
for step in range(32):
    if step == 12:
        del tr.log
        Trainer.log = []
        SECOND_CLASS_LIST = Trainer.log
    if step == 18:
        Trainer.log = []
        Trainer.tag = "second"
    if step == 25:
        old_trainers.append(tr)
        tr = Trainer(MODEL, OPT)
        tr.tag = "third"
    pre = "log" in vars(tr)
    i = (step * 8) % 88
    loss, n = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, pre, "log" in vars(tr), tr.log is Trainer.log,
          tr.log is FIRST_CLASS_LIST, len(Trainer.log), len(FIRST_CLASS_LIST), tr.log[-1])
    if step >= 12:
        print("  second", len(SECOND_CLASS_LIST), tr.log is SECOND_CLASS_LIST)

print(json.dumps({
    "first": [repr(v) if isinstance(v, float) else v for v in FIRST_CLASS_LIST[-6:]],
    "class": [repr(v) if isinstance(v, float) else v for v in Trainer.log[-6:]],
    "len_first": len(FIRST_CLASS_LIST), "len_class": len(Trainer.log),
    "old_vars": [sorted(vars(t)) for t in old_trainers], "new_vars": sorted(vars(tr)),
    "old_is": [t.log is FIRST_CLASS_LIST for t in old_trainers],
    "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
