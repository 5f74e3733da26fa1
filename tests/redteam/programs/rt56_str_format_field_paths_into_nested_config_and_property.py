"""The step reads its hyper-parameters through str.format field paths, as config
templating code does: `float("{0[sched][1][v]}".format(CFG))` (a dict -> list -> dict
path, three levels into the program's nested config), `float("{c[opt][lr][base]}".format(c=CFG))`
(a str value three levels down), a tag `"{0[sched][0][tag]}/{0[sched][1][tag]}"`, and
`"{t.gain:.3f}".format(t=TRAINER)` where `gain` is a property of the program's class
that reads a global table (str.format calls getattr, so the property runs inside the C
format code).  The loop edits the nested config in place at depth at steps 7, 13 and
19, switches the global phase the property reads at steps 16 and 26, and replaces the
nested list item at step 23.  Probes: C code (str.format's field lookup) reading deep
into the program's containers and calling a program property."""
import random

import numpy

random.seed(5611)
numpy.random.seed(5611)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5611)
rng = np.random.default_rng(5611)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 2.0) + XS[:, 2:3] * 0.3).astype(np.float32)

CFG = {"sched": [{"v": 0.5, "tag": "a"}, {"v": 1.0, "tag": "b"}],
       "opt": {"lr": {"base": "0.05"}}}
GAINS = {"warm": 0.75, "main": 1.25, "late": 0.5}
PHASE = "warm"


class Trainer:
    @property
    def gain(self):
        return GAINS[PHASE]


TRAINER = Trainer()
W = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
V = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def train_step(x, y):
    scale = float("{0[sched][1][v]}".format(CFG))
    lr = float("{c[opt][lr][base]}".format(c=CFG))
    tag = "{0[sched][0][tag]}/{0[sched][1][tag]}".format(CFG)
    gain = float("{t.gain:.3f}".format(t=TRAINER))
    with tf.GradientTape() as tape:
        pred = tf.matmul(tf.tanh(tf.matmul(x, W) * gain), V)
        loss = tf.reduce_mean(tf.square(pred - y)) * scale
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(lr * gw)
    V.assign_sub(lr * gv)
    return loss, tag, lr, gain


for step in range(32):
    if step == 7:
        CFG["sched"][1]["v"] = 0.25
    if step == 13:
        CFG["opt"]["lr"]["base"] = "0.02"
    if step == 16:
        PHASE = "main"
    if step == 19:
        CFG["sched"][0]["tag"] = "c"
    if step == 23:
        CFG["sched"][1] = {"v": 2.0, "tag": "d"}
    if step == 26:
        PHASE = "late"
    i = (step * 8) % 120
    loss, tag, lr, gain = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tag, lr, gain)

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()[:6]],
    "v": [repr(float(v)) for v in V.numpy().ravel()],
}))
