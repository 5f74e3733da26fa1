"""A plateau detector over a sliding loss window: the step appends `float(loss)` to a
history list and compares it with `HIST[-2]` and `HIST[-4]` (the last and third-last
losses before it) and the mean of `HIST[-4:]` to decide a learning-rate cut.  The caller
trims the window from the front between calls (`HIST.pop(0)` when it grows past 6, and
`del HIST[:2]` at step 14), so the positions the negative indices name shift.  The cut is
a write to the optimizer's learning rate made through a Python float attribute.  Probes:
negative-index and negative-slice reads, after an append in the call, of a list the
caller shortens from the front between calls."""
import random

import numpy

random.seed(4314)
numpy.random.seed(4314)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4314)
rng = np.random.default_rng(4314)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :3].prod(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 10)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HIST = [9.0, 8.0, 7.0]


class Sched:
    lr = 0.05
    cuts = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y)) * Sched.lr * 20.0
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    cur = float(loss)
    HIST.append(cur)
    prev, older = HIST[-2], HIST[-4]
    window = HIST[-4:]
    mean = sum(window) / len(window)
    if cur > mean:
        Sched.lr = Sched.lr * 0.9
        Sched.cuts += 1
    return loss, prev, older, mean


for step in range(30):
    if len(HIST) > 6:
        HIST.pop(0)
    if step == 14:
        del HIST[:2]
    i = (step * 16) % 112
    loss, prev, older, mean = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(prev), repr(older), repr(mean), repr(Sched.lr), len(HIST))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "hist": [repr(v) for v in HIST],
    "lr": repr(Sched.lr),
    "cuts": Sched.cuts,
}))
