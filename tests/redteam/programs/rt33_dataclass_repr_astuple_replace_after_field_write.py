"""A dataclass holds the schedule state.  The step writes a field (`CFG.lr = ...` from a
counter) and, in the same call, takes dataclasses.astuple(CFG) (standard-library code
that reads the fields with getattr) and uses its lr in the update, and keeps a new Cfg
made from the fields.  (repr(CFG), copy.replace and dataclasses.replace in the step were
refused by janus, so they were taken out.)  Probes: library code reading a program
object the step wrote earlier in the call."""
import random
import numpy
random.seed(20)
numpy.random.seed(20)
import copy
import dataclasses
import keras
import numpy as np
import tensorflow as tf


@dataclasses.dataclass
class Cfg:
    lr: float
    tag: str
    k: int


CFG = Cfg(lr=0.1, tag="warm", k=0)
keras.utils.set_random_seed(3320)
rng = np.random.default_rng(3320)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 0.9).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
TEXT = []
KEPT = []


def train_step(x, y):
    CFG.k += 1
    CFG.lr = 0.1 / (1 + CFG.k)
    TEXT.append(CFG.tag + ":" + str(CFG.k))
    lr = dataclasses.astuple(CFG)[0]
    KEPT.append(Cfg(CFG.lr * 2, "cool", CFG.k))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss, lr


for step in range(30):
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), lr, TEXT[-1], KEPT[-1])

print("cfg", CFG, len(TEXT), len(KEPT), KEPT[-1] is KEPT[-2])
print("W", [float(v).hex() for v in W.numpy().ravel()])
