"""A hand-rolled loss-scale / "temperature" kept as a Python float that the step
halves every call, starting at 2**-112 -- it crosses float32's normal range
(2**-126) around step 14 while staying a perfectly normal float64.  Each call the step
records the current scale into float32 tf.Variables for checkpointing
(`SCALE_VAR.assign(scale)`, `HIST[k].assign(scale)` via a strided-slice assign) and
builds `tf.fill([2], scale)`; in eager these convert the Python float to float32 on the
host, which KEEPS float32 subnormals (7.17e-43 ...), and assign/fill just copy bits.
Arithmetic on them (`x * scale` inside the loss) is flushed to zero by TF's CPU
kernels in both modes.  The step returns float(SCALE_VAR) and the filled tensor, and
the loop prints them with repr.

Probes: a Python float the graph carries (as float64) and converts to float32 inside
the graph: TF's Cast kernel runs with flush-to-zero and turns a value that eager keeps
as a float32 subnormal into 0.0.  Eager's conversion is numpy's; a converter that
casts in-graph prints 0.0 where eager prints 7.17e-43 and stores 0.0 in the variables.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1431)
rng = np.random.default_rng(1431)

N_STEPS = 36
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS @ np.array([[0.2], [0.4], [-0.6]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
SCALE_VAR = tf.Variable(0.0, dtype=tf.float32, name="scale")
HIST = tf.Variable(tf.zeros([N_STEPS], tf.float32), name="hist")
OPT = keras.optimizers.SGD(learning_rate=0.1)
STATE = {"scale": 2.0 ** -112, "k": 0}


def train_step(x, y):
    scale = STATE["scale"]
    k = STATE["k"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + tf.reduce_sum(x * scale)
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    SCALE_VAR.assign(scale)
    HIST[k:k + 1].assign(tf.fill([1], scale))
    filled = tf.fill([2], scale)
    STATE["scale"] = scale * 0.5
    STATE["k"] = k + 1
    return loss, float(SCALE_VAR), filled


for step in range(N_STEPS):
    loss, stored, filled = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), repr(stored), [repr(float(v)) for v in filled.numpy()],
          repr(STATE["scale"]))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "scale_var": repr(float(SCALE_VAR.numpy())),
    "hist_nonzero": int(np.count_nonzero(HIST.numpy())),
    "hist_tail": [repr(float(v)) for v in HIST.numpy()[20:26]],
    "scale": repr(STATE["scale"]),
}))
