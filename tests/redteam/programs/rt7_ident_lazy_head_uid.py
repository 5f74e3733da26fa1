"""A classifier head (and its optimizer) made lazily *inside* the step, re-initialised from
outside mid-run (`tr.head = None` at steps 14 and 26), as fine-tuning code re-inits a head.

Keras names each new layer and optimizer from a process-wide counter ("dense_3", "sgd_2")
and seeds each new initializer from Python's `random`. The step prints the head's name, its
kernel's path and the optimizer's name; the summary makes one more probe Dense and SGD and
prints their names, and draws from `random`. A converter that constructs the head while
building and again when the call re-runs (or never, at commit) consumes the name counter or
Python's random state a different number of times: different names, a different initial
kernel, different final draws."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2008)
random.seed(2008)
rng = np.random.default_rng(2008)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")


class Trainer:
    def __init__(self):
        self.body = keras.Sequential([keras.Input((64,)), keras.layers.Dense(16, activation="relu")])
        self.head = None
        self.opt = None
        self.made = 0
        self.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step(self, x, y):
        if self.head is None:
            self.head = keras.layers.Dense(10)
            self.opt = keras.optimizers.SGD(0.1)
            self.made += 1
        with tf.GradientTape() as tape:
            logits = self.head(self.body(x))
            loss = self.loss_fn(y, logits)
        tv = self.body.trainable_variables + self.head.trainable_variables
        grads = tape.gradient(loss, tv)
        self.opt.apply_gradients(zip(grads, tv))
        return loss, self.head.name, self.head.kernel.path, self.opt.name


tr = Trainer()
heads = []
for step in range(38):
    if step in (14, 26):
        tr.head = None
    idx = rng.integers(0, len(X), size=16)
    loss, hname, kpath, oname = tr.step(tf.constant(X[idx]), tf.constant(Y[idx]))
    if not heads or heads[-1] is not tr.head:
        heads.append(tr.head)
    print(step, repr(float(loss)), hname, kpath, oname, "made", tr.made,
          "k00", repr(float(tr.head.kernel.numpy()[0, 0])))

print("heads", len(heads), [h.name for h in heads], heads[-1] is tr.head)
probe = keras.layers.Dense(2)
print("probe", probe.name, keras.optimizers.SGD(0.1).name)
for h in heads:
    print("ck", h.name, repr(float(np.sum(np.abs(h.kernel.numpy()), dtype=np.float64))))
for v in tr.body.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random(),
      random.getrandbits(20))
