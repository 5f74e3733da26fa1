"""A keras.Model subclass with two output heads keeps the set of heads that are
trained in a plain set attribute, self.active = {"reg"}; Keras 3's tracking turns it
into a TrackedSet (a set subclass).  The program calls its own method
model.fit_step(x, y) from the loop; the method tests `"reg" in self.active` and
`"cls" in self.active` to decide which head losses enter the total, and divides by
len(self.active).

The loop changes the set in place (a multi-task curriculum): at step 10 it adds "cls",
at step 19 it discards "reg", at step 27 it adds "reg" back.  The attribute keeps the
same TrackedSet object.  Eager's method answers each membership test from the set as it
is at that call; a graph that answered them while it was built, guarding only which
object the attribute holds, keeps training the heads of its build.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(107)
np.random.seed(107)
keras.utils.set_random_seed(107)

rng = np.random.default_rng(107)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
YR = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))
YC = tf.constant(rng.integers(0, 3, size=(64,)).astype(np.int32))


class TwoHead(keras.Model):
    def __init__(self):
        super().__init__()
        self.trunk = keras.layers.Dense(8, activation="relu")
        self.reg = keras.layers.Dense(1)
        self.cls = keras.layers.Dense(3)
        self.active = {"reg"}
        self.ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        self.sgd = keras.optimizers.SGD(learning_rate=0.05)

    def call(self, x):
        h = self.trunk(x)
        return self.reg(h), self.cls(h)

    def fit_step(self, x, yr, yc):
        with tf.GradientTape() as tape:
            pr, pc = self(x)
            loss = tf.constant(0.0)
            if "reg" in self.active:
                loss = loss + tf.reduce_mean(tf.square(pr - yr))
            if "cls" in self.active:
                loss = loss + self.ce(yc, pc)
            loss = loss / len(self.active)
        grads = tape.gradient(loss, self.trainable_variables)
        self.sgd.apply_gradients(zip(grads, self.trainable_variables))
        return loss


model = TwoHead()
model(X[:2])
for step in range(36):
    if step == 10:
        model.active.add("cls")
    if step == 19:
        model.active.discard("reg")
    if step == 27:
        model.active.add("reg")
    i = (step * 8) % 56
    loss = model.fit_step(X[i:i + 8], YR[i:i + 8], YC[i:i + 8])
    print(step, repr(float(loss)), sorted(model.active), type(model.active).__name__)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(model.sgd.iterations.numpy()),
    "active": sorted(model.active),
}))
