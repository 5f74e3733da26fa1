"""`match` on the training phase object with class patterns: keyword sub-patterns with
a guard, positional ones through __match_args__, a builtin class binding the subject.
The loop swaps the phase object at step 8, changes Main.__match_args__ at step 14 and
goes back to a short warm-up at step 20."""
import dataclasses
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(7)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


@dataclasses.dataclass
class Warmup:
    lr: float
    steps: int


@dataclasses.dataclass
class Main:
    lr: float
    decay: float


PHASE = {"p": Warmup(0.1, 5), "label": 3}


def train_step(x):
    match PHASE["p"]:
        case Warmup(lr=lr, steps=n) if n > 3:
            scale = lr * n
        case Main(first, second):
            scale = first * second
        case _:
            scale = 1.0
    match PHASE["label"]:
        case int(k):
            tag = k * 2
        case _:
            tag = -1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * scale
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, tag


for i in range(24):
    if i == 8:
        PHASE["p"] = Main(0.2, 0.5)
    if i == 14:
        Main.__match_args__ = ("decay", "lr")
    if i == 20:
        PHASE["p"] = Warmup(0.1, 2)
        PHASE["label"] = "three"
    loss, tag = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), tag)
print(w.numpy().ravel().tolist())
