"""Class-attribute containers shadowed and unshadowed by instance attributes; containers
inside a dataclass and a namedtuple, mutated in place.

Trainer.skip is a class-level list read in train_step as `self.skip`; Trainer.scales a
class-level dict. SCHED (a dataclass) holds a list of milestones and a dict of gammas;
AUX (a namedtuple) holds a list of layer names whose output is penalised.
  step 11: Trainer.skip.append("b")      (class list mutated in place)
  step 15: tr.skip = ["w"]               (instance attribute now shadows the class one)
  step 19: tr.skip.append("b")           (the instance list mutated)
  step 23: del tr.skip                   (class list, holding ["b"], visible again)
  step 26: Trainer.scales = {"w": 0.5, "b": 2.0}  (class attribute rebound)
  step 28: SCHED.milestones.append(29); SCHED.gammas[29] = 0.1
  step 31: AUX.penalised.append("hidden")  (a list inside a namedtuple)
A converter that reads `self.skip` once, misses the instance dict appearing/disappearing,
or freezes the dataclass/namedtuple contents trains the wrong variables with wrong
factors; the printed skip lists and checksums differ.
"""
import collections
import dataclasses
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(816)

Aux = collections.namedtuple("Aux", ["penalised", "weight"])
AUX = Aux([], 0.01)


@dataclasses.dataclass
class Sched:
    milestones: list = dataclasses.field(default_factory=lambda: [14])
    gammas: dict = dataclasses.field(default_factory=lambda: {14: 0.5})


SCHED = Sched()


class Trainer:
    skip = []
    scales = {"w": 1.0, "b": 1.0}

    def __init__(self, rng):
        self.w = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.5)
        self.b = tf.Variable(np.zeros(6, np.float32))
        self.v = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)

    def train_step(self, x, y, step):
        lr = 0.08
        for m in SCHED.milestones:
            if step >= m:
                lr = lr * SCHED.gammas[m]
        with tf.GradientTape() as tape:
            hidden = tf.tanh(x @ self.w + self.b)
            loss = tf.reduce_mean(tf.square(hidden @ self.v - y))
            if "hidden" in AUX.penalised:
                loss = loss + AUX.weight * tf.reduce_mean(tf.square(hidden))
        gw, gb, gv = tape.gradient(loss, [self.w, self.b, self.v])
        if "w" not in self.skip:
            self.w.assign_sub(lr * self.scales["w"] * gw)
        if "b" not in self.skip:
            self.b.assign_sub(lr * self.scales["b"] * gb)
        self.v.assign_sub(lr * gv)
        print("  skip", list(self.skip), "own", "skip" in vars(self), "scales", self.scales,
              "lr", repr(lr), "pen", AUX.penalised)
        return loss


rng = np.random.default_rng(816)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2] ** 2).astype(np.float32)
tr = Trainer(rng)

for step in range(36):
    if step == 11:
        Trainer.skip.append("b")
    if step == 15:
        tr.skip = ["w"]
    if step == 19:
        tr.skip.append("b")
    if step == 23:
        del tr.skip
    if step == 26:
        Trainer.scales = {"w": 0.5, "b": 2.0}
    if step == 28:
        SCHED.milestones.append(29)
        SCHED.gammas[29] = 0.1
    if step == 31:
        AUX.penalised.append("hidden")
    i = (step * 8) % 56
    loss = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), tr.skip is Trainer.skip)

print("final", [repr(float(tf.reduce_sum(v))) for v in (tr.w, tr.b, tr.v)])
print("state", Trainer.skip, sorted(vars(tr)), SCHED, AUX)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
