"""Newton steps for a logistic-regression head on frozen random features: the step
computes the gradient g of the mean sigmoid_cross_entropy_with_logits loss with an
inner tape and the Hessian H = outer.jacobian(g, w) (pfor, which eager runs as a
tf.function of its own), then w -= LR * solve(H + DAMP*I, g).  DAMP changes at step
12 and LR at step 20.  Probes: a Hessian by jacobian-of-gradient under a converted
step, bit for bit."""
import random

import numpy

random.seed(71)
numpy.random.seed(71)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7101)
rng = np.random.default_rng(7101)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4] + 0.3 * rng.normal(size=(64, 1)) > 0).astype(np.float32)
PROJ = tf.constant(rng.normal(size=(5, 6)).astype(np.float32) * 0.7)
w = tf.Variable(np.zeros((6, 1), np.float32))
DAMP = 0.1
LR = 1.0


def train_step(x, y):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            feats = tf.tanh(x @ PROJ)
            loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=feats @ w))
        g = inner.gradient(loss, w)
    h = outer.jacobian(g, w)
    h2 = tf.reshape(h, [6, 6]) + DAMP * tf.eye(6)
    delta = tf.linalg.solve(h2, tf.reshape(g, [6, 1]))
    w.assign_sub(LR * delta)
    return loss, tf.linalg.trace(h2)


for step in range(30):
    if step == 12:
        DAMP = 0.01
    if step == 20:
        LR = 0.5
    i = (step * 8) % 56
    loss, tr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tr)), repr(float(w.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in w.numpy().ravel()]}))
