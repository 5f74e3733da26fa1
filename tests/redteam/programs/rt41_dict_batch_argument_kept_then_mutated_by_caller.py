"""A step that takes its batch as a dict {"x": ..., "y": ...} (as tf.data pipelines
yield them) and a list of per-batch sample weights, keeps both on the trainer for
debugging (`self.last_batch = batch`, `self.last_w = wlist`) after a
`for i in tf.range(n)` loop that refines the loss, and returns the batch dict.  The
caller then annotates its own dict (`batch["seen"] = step`) and appends to its own
list; eagerly the trainer's attributes are those very objects, so they see the
annotation.  The loop prints `is` checks and what the trainer's objects hold.
Probes: identity of dict and list arguments stored and returned by a converted step
(aliasing made visible by the caller's later mutation)."""
import random

import numpy

random.seed(35)
numpy.random.seed(35)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4128)
rng = np.random.default_rng(4128)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 3:4] * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.last_batch = None
        self.last_w = None

    def train_step(self, batch, wlist, n):
        x, y = batch["x"], batch["y"]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y) * wlist[0])
            for i in tf.range(n):
                loss = loss * 0.9
        g = tape.gradient(loss, W)
        OPT.apply_gradients([(g, W)])
        self.last_batch = batch
        self.last_w = wlist
        return loss, batch


TR = Trainer()
for step in range(32):
    i = (step * 8) % 56
    batch = {"x": tf.constant(XS[i:i + 8]), "y": tf.constant(YS[i:i + 8])}
    wlist = [tf.constant(1.0 + 0.1 * (step % 3))]
    loss, out = TR.train_step(batch, wlist, tf.constant(step % 3))
    batch["seen"] = step
    wlist.append(step)
    print(step, repr(float(loss)), out is batch, TR.last_batch is batch, TR.last_w is wlist,
          TR.last_batch.get("seen"), len(TR.last_w), sorted(out))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
