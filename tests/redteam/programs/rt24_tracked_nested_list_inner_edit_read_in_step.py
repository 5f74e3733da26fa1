"""Mechanism: a Keras layer's list attribute is a TrackedList, and TrackedList.extend()
wraps each plain list it is given into a TrackedList of its own, so the layer holds a
TrackedList of TrackedLists.  The layer's call (the program's code, reached from the
training step) reads `self.table[-1][1]` (a gain) and `len(self.table)`.  Between calls
the loop edits the INNER tracked list in place (`LAYER.table[-1][1] = ...` every 4
steps), extends the outer list with another [k, gain] pair at steps 9 and 19, and
reverses the inner pair's items at step 25.  Eager reads the gain at every call; a graph
that guarded only the outer list (or watched it as a library list without its nested
contents) would keep the gain it was built with.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(3)
keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS[:, :1] + XS[:, 1:2]).astype(np.float32)


class Scaled(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(6, activation="tanh")
        self.out = keras.layers.Dense(1)
        self.table = []
        self.table.extend([[0, 1.0]])

    def call(self, x):
        gain = self.table[-1][1]
        return self.out(self.dense(x)) * gain + 0.01 * len(self.table)


LAYER = Scaled()
OPT = keras.optimizers.Adam(learning_rate=0.01)
LAYER(tf.constant(XS[:2]))


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = LAYER(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, LAYER.trainable_variables)
    OPT.apply_gradients(zip(grads, LAYER.trainable_variables))
    return loss


for step in range(32):
    if step % 4 == 3:
        LAYER.table[-1][1] = LAYER.table[-1][1] * 1.25
    if step in (9, 19):
        LAYER.table.extend([[step, 0.5]])
    if step == 25:
        LAYER.table[-1].reverse()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(LAYER.table[-1][1]), len(LAYER.table),
          type(LAYER.table[-1]).__name__)

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:6]]
                           for w in LAYER.trainable_variables],
                  "table": [[repr(v) for v in h] for h in LAYER.table]}))
