"""A tf.Module subclass keeps per-layer regularization coefficients in a plain list
attribute.  tf.Module (AutoTrackable) wraps every list assigned to an attribute in TF's
ListWrapper, a list subclass that keeps its items and tracks mutations; the program
still edits it as a list.

The step iterates the coefficients (`for c, w in zip(self.coefs, kernels)`) and scales
the loss by len(self.coefs).  The loop edits the ListWrapper in place: at step 8 it
appends a coefficient, at step 15 it overwrites the first one, at step 23 it pops the
last, at step 30 it doubles all of them with a slice assignment.  The attribute keeps
holding the same wrapper object.  A graph that reads the wrapper's items once (or
treats the library-made container as something no guard needs to cover) keeps the
regularization of its build, and the losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(97)
np.random.seed(97)
keras.utils.set_random_seed(97)

rng = np.random.default_rng(97)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))


class TwoLayer(tf.Module):
    def __init__(self):
        super().__init__()
        self.k1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.5)
        self.k2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
        self.coefs = [0.01]
        self.opt = keras.optimizers.SGD(learning_rate=0.05)

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            pred = tf.tanh(x @ self.k1) @ self.k2
            loss = tf.reduce_mean(tf.square(pred - y))
            for c, k in zip(self.coefs, [self.k1, self.k2]):
                loss = loss + c * tf.reduce_sum(tf.square(k))
            loss = loss * (1.0 + 0.05 * len(self.coefs))
        grads = tape.gradient(loss, [self.k1, self.k2])
        self.opt.apply_gradients(zip(grads, [self.k1, self.k2]))
        return loss


net = TwoLayer()
for step in range(36):
    if step == 8:
        net.coefs.append(0.05)
    if step == 15:
        net.coefs[0] = 0.1
    if step == 23:
        net.coefs.pop()
    if step == 30:
        net.coefs[:] = [2 * c for c in net.coefs]
    i = (step * 8) % 56
    loss = net.train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), list(net.coefs), type(net.coefs).__name__)

print(json.dumps({
    "k1": [repr(float(v)) for v in net.k1.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in net.k2.numpy().ravel()],
    "iterations": int(net.opt.iterations.numpy()),
    "coefs": list(net.coefs),
}))
