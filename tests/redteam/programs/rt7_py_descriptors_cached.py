"""Attribute lookup that changes shape mid-run: a non-data descriptor on the class, shadowed by
an instance attribute and un-shadowed again, a functools.cached_property invalidated with `del`,
a class attribute, and a property that counts its reads.

`Trainer.scale` is a non-data descriptor (warm-up factor from the trainer's step count `t`,
counting its reads in READS). `feat` is a cached_property (a fixed random projection of width
`self.width`; computing it appends to BUILT). `lr` is a property (`base_lr * scale`).
Step 14: `tr.scale = 0.25` (instance attribute now shadows the descriptor).
Step 19: `del tr.scale` (the descriptor is back, READS counts again).
Step 23: `Trainer.noise = 0.01` (class attribute read by the step).
Step 27: `tr.width = 8; del tr.feat` (the cached_property recomputes inside the next step).
Step 31: `Trainer.scale = 0.5` (the descriptor replaced on the class by a plain float).
Each step prints READS, len(BUILT), lr and the loss. A wrong converter reads the wrong layer
of the lookup (the descriptor while shadowed, or the old instance value after del), keeps the
old cached projection, or stops counting reads."""
import functools
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2210)
random.seed(2210)
rng = np.random.default_rng(2210)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

READS = [0]
BUILT = []


class Warmup:
    def __get__(self, obj, owner):
        if obj is None:
            return self
        READS[0] += 1
        return min(1.0, (obj.t + 1) / obj.warm)


class Trainer:
    scale = Warmup()
    noise = 0.0

    def __init__(self):
        self.t = 0
        self.warm = 20
        self.width = 16
        self.base_lr = 0.2
        self.w = tf.Variable(rng.normal(size=(16, 10)).astype("float32") * 0.1)
        self.proj_seed = 5

    @functools.cached_property
    def feat(self):
        BUILT.append(self.width)
        p = np.random.default_rng(self.proj_seed).normal(size=(64, self.width)) / 8.0
        return tf.constant(p.astype("float32"))

    @property
    def lr(self):
        return self.base_lr * self.scale

    def step(self, x, y):
        f = self.feat
        h = tf.tanh(x @ f) + self.noise
        with tf.GradientTape() as tape:
            logits = h @ self.w[: f.shape[1]]
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        g = tape.gradient(loss, self.w)
        lr = self.lr
        self.w.assign_sub(lr * g)
        self.t += 1
        return loss, lr


tr = Trainer()
for step in range(38):
    if step == 14:
        tr.scale = 0.25
    elif step == 19:
        del tr.scale
    elif step == 23:
        Trainer.noise = 0.01
    elif step == 27:
        tr.width = 8
        del tr.feat
    elif step == 31:
        Trainer.scale = 0.5
    i = (step * 20) % (len(X) - 20)
    loss, lr = tr.step(tf.constant(X[i:i + 20]), tf.constant(Y[i:i + 20]))
    print(step, repr(float(loss)), "lr", repr(lr), "reads", READS[0], "built", BUILT,
          "t", tr.t, "dict", sorted(k for k in vars(tr) if k != "w"))

print("ck", repr(float(np.sum(np.abs(tr.w.numpy()), dtype=np.float64))))
print("final", READS, BUILT, tr.t, type(Trainer.__dict__["scale"]).__name__)
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
