"""Continual-learning fine-tuning with Elastic Weight Consolidation on sklearn's
digits: task A is digits 0-4, task B digits 5-9.  During task A the step also keeps a
running diagonal Fisher estimate from per-example gradients of the log-likelihood,
tape.jacobian(per_example_xent, variables) (pfor, which eager runs as a tf.function
of its own), squared and averaged into non-trainable tf.Variables.  At step 12 the
program snapshots the weights (anchor) and switches to task B with the EWC penalty
LAM * sum F * (w - anchor)^2; LAM doubles at step 22.  Probes: per-example jacobians
with softmax cross-entropy under a converted step, bit for bit."""
import random

import numpy

random.seed(68)
numpy.random.seed(68)

import json

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(6801)
d = load_digits()
X = (d.data / 16.0).astype(np.float32)
Y = d.target.astype(np.int32)
XA, YA = X[Y < 5][:96], Y[Y < 5][:96]
XB, YB = X[Y >= 5][:96], Y[Y >= 5][:96]
model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(10)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
FISHER = [tf.Variable(tf.zeros_like(v), trainable=False) for v in model.trainable_variables]
ANCHOR = [tf.Variable(tf.zeros_like(v), trainable=False) for v in model.trainable_variables]
LAM = 0.0
phase = {"task": "A", "n_fisher": 0}


def train_step(x, y, estimate):
    tv = model.trainable_variables
    with tf.GradientTape(persistent=True) as tape:
        logits = model(x)
        per = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)
        pen = tf.add_n([tf.reduce_sum(f * tf.square(v - a)) for f, v, a in zip(FISHER, tv, ANCHOR)])
        loss = tf.reduce_mean(per) + LAM * pen
    grads = tape.gradient(loss, tv)
    if estimate:
        jac = tape.jacobian(per, tv)
        for f, j in zip(FISHER, jac):
            f.assign(0.9 * f + 0.1 * tf.reduce_mean(tf.square(j), axis=0))
        phase["n_fisher"] += 1
    del tape
    OPT.apply_gradients(zip(grads, tv))
    return loss, pen


for step in range(30):
    if step == 12:
        for a, v in zip(ANCHOR, model.trainable_variables):
            a.assign(v)
        LAM = 5.0
        phase["task"] = "B"
    if step == 22:
        LAM = 10.0
    i = (step * 12) % 84
    if phase["task"] == "A":
        x, y, est = XA[i:i + 12], YA[i:i + 12], True
    else:
        x, y, est = XB[i:i + 12], YB[i:i + 12], False
    loss, pen = train_step(tf.constant(x), tf.constant(y), est)
    print(step, phase["task"], repr(float(loss)), repr(float(pen)),
          repr(float(FISHER[1].numpy()[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()[:8]],
    "fisher_b0": [repr(float(v)) for v in FISHER[1].numpy().ravel()[:8]],
    "phase": phase,
}))
