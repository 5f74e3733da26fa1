"""Hyper-parameters live in an `attrs` class instance.  The step anneals one field
(`HP.temp = ...` from a Python step counter), then snapshots the record with
attr.asdict (for its history) and derives a frozen copy with attr.evolve, and uses the
snapshot's value in the loss.  attrs is an installed package: its functions read the
instance's fields with getattr in library code.  Probes: library code reading a
program object's attributes after the step wrote them in the same call."""
import random
import numpy
random.seed(17)
numpy.random.seed(17)
import attr
import keras
import numpy as np
import tensorflow as tf


@attr.s
class HParams:
    temp = attr.ib()
    l1 = attr.ib()


HP = HParams(temp=1.0, l1=0.01)
keras.utils.set_random_seed(3317)
rng = np.random.default_rng(3317)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)
HIST = []
STEP = [0]


def train_step(x, y):
    STEP[0] += 1
    HP.temp = 1.0 + STEP[0] * 0.25
    snap = attr.asdict(HP)
    HIST.append(snap)
    cold = attr.evolve(HP, l1=HP.l1 * 2)
    with tf.GradientTape() as tape:
        logits = (x @ W) / snap["temp"]
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
        loss += cold.l1 * tf.reduce_sum(tf.abs(W))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, cold


for step in range(30):
    i = (step * 8) % 56
    loss, cold = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), HIST[-1], cold)

print("HP", HP, len(HIST), HIST[-1] is HIST[-2])
print("W", [float(v).hex() for v in W.numpy().ravel()])
