"""A tf.Module subclass keeps its loss options in a dict attribute.  tf.Module wraps a
dict assigned to an attribute in TF's _DictWrapper, a wrapt ObjectProxy around the
real dict (not a dict subclass); reads and writes go through the proxy to the dict
inside it.

The step checks options by membership: `if "smooth" in self.opts` (label smoothing),
`if "margin" in self.opts` (a logit margin), and `len(self.opts)` scales the loss.  The
loop edits the options through the proxy mid-run: at step 9 it adds "smooth", at step
17 it adds "margin", at step 26 it deletes "smooth".  The proxy
object held by the attribute never changes.  A graph that answered the membership tests
and len() while it was built, without guards that look through the proxy,
keeps the options of its build, and the losses and weights drift from eager's.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(101)
np.random.seed(101)
keras.utils.set_random_seed(101)

rng = np.random.default_rng(101)
X = tf.constant(rng.normal(size=(64, 6)).astype(np.float32))
LAB = tf.constant((rng.normal(size=(64, 1)) > 0).astype(np.float32))


class Clf(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
        self.b = tf.Variable(tf.zeros((1,)))
        self.opts = {"balanced": True}
        self.opt = keras.optimizers.Adam(learning_rate=0.02)

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            logits = x @ self.w + self.b
            if "margin" in self.opts:
                logits = logits - 0.5
            if "smooth" in self.opts:
                y = y * 0.8 + 0.1
            loss = tf.reduce_mean(
                tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
            loss = loss * (1.0 + 0.1 * len(self.opts))
        grads = tape.gradient(loss, [self.w, self.b])
        self.opt.apply_gradients(zip(grads, [self.w, self.b]))
        return loss


clf = Clf()
for step in range(36):
    if step == 9:
        clf.opts["smooth"] = True
    if step == 17:
        clf.opts["margin"] = True
    if step == 26:
        del clf.opts["smooth"]
    i = (step * 8) % 56
    loss = clf.train_step(X[i:i + 8], LAB[i:i + 8])
    print(step, repr(float(loss)), sorted(clf.opts.items()))

print(json.dumps({
    "w": [repr(float(v)) for v in clf.w.numpy().ravel()],
    "b": [repr(float(v)) for v in clf.b.numpy().ravel()],
    "iterations": int(clf.opt.iterations.numpy()),
    "opts": dict(clf.opts),
}))
