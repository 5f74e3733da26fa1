"""A robust-loss "plugin" installs itself mid-run by adding a method to TensorFlow's eager
tensor class (type(tf.constant(0.)).robust_loss = fn, i.e. EagerTensor, not the tf.Tensor
base), and the step asks the residual tensor it computed for it:
fn = getattr(err, "robust_loss", None); the plain MSE is used when it is absent.  Later the
plugin's temperature (a global) changes, the method is replaced by another, and finally
deleted from the class.  In eager every tensor the step computes is an EagerTensor, so the
method is found on the residual.
Probes: a method added to (replaced on, deleted from) EagerTensor's class between calls,
looked up on a tensor the step computes (in a graph that tensor is a symbolic one, whose
class never had the method); hasattr on it too."""
import random

import numpy

random.seed(5426)
numpy.random.seed(5426)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5426)
rng = np.random.default_rng(5426)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.8], [0.2], [-0.6], [1.0]], np.float32)).astype(np.float32)
YS[::7] += 4.0

EAGER_TENSOR = type(tf.constant(0.0))
W = tf.Variable(tf.zeros((4, 1)))
TEMP = {"t": 1.0}
LR = 0.05


def pseudo_huber(self):
    t = TEMP["t"]
    return tf.reduce_mean(t * t * (tf.sqrt(1.0 + tf.square(self / t)) - 1.0))


def log_cosh(self):
    return tf.reduce_mean(tf.math.log(tf.cosh(self)))


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) - y
        fn = getattr(err, "robust_loss", None)
        if fn is None:
            loss = tf.reduce_mean(tf.square(err))
            kind = "mse"
        else:
            loss = fn()
            kind = fn.__name__
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    return loss, kind, hasattr(g, "robust_loss")


for step in range(36):
    if step == 8:
        EAGER_TENSOR.robust_loss = pseudo_huber
    if step == 15:
        TEMP["t"] = 0.5
    if step == 21:
        EAGER_TENSOR.robust_loss = log_cosh
    if step == 28:
        del EAGER_TENSOR.robust_loss
    i = (step * 8) % 80
    try:
        loss, kind, has = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), kind, has)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "has": hasattr(EAGER_TENSOR, "robust_loss")}))
