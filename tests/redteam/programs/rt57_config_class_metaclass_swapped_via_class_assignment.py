"""A raw-variable two-layer network whose step reads class-level settings from a
config *class* `Sched` (never instantiated): `Sched.warm` and `Sched.decay`.  `warm` is
not in `Sched`'s own namespace: it comes from its metaclass (`MetaSlow.warm`, a plain
metaclass attribute), and `decay` is in `Sched`'s dict.  Mid-run the class object's own
class is reassigned, which writes no dict: at step 8 `Sched.__class__ = MetaFast` (its
`warm` is another number), at step 15 `MetaFast.decay = property(...)` (a data
descriptor on the new metaclass that now overrides `Sched.decay` from the class's own
dict), at step 22 `Sched.__class__ = MetaSlow` again (decay from the dict again), at
step 28 `MetaSlow.warm` is written.
Probes: `__class__` assignment on a class object (a metaclass swap) and metaclass
attributes/data descriptors read by the step."""
import random

import numpy

random.seed(5720)
numpy.random.seed(5720)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5720)
rng = np.random.default_rng(5720)
XS = rng.normal(size=(180, 4)).astype(np.float32)
YS = (np.tanh(XS @ np.array([[1.0], [-1.0], [0.5], [2.0]], np.float32))).astype(np.float32)


class MetaSlow(type):
    warm = 0.5


class MetaFast(type):
    warm = 2.0


class Sched(metaclass=MetaSlow):
    decay = 0.001


W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4, name="w1")
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4, name="w2")


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.matmul(x, W1))
        pred = tf.matmul(h, W2)
        loss = tf.reduce_mean(tf.square(pred - y))
        total = loss + Sched.decay * (tf.reduce_sum(tf.square(W1)) + tf.reduce_sum(tf.square(W2)))
    g1, g2 = tape.gradient(total, [W1, W2])
    lr = 0.05 * Sched.warm
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    return loss, Sched.warm, Sched.decay


for step in range(33):
    if step == 8:
        Sched.__class__ = MetaFast
    if step == 15:
        MetaFast.decay = property(lambda cls: 0.02)
    if step == 22:
        Sched.__class__ = MetaSlow
    if step == 28:
        MetaSlow.warm = 1.5
    i = (step * 10) % 170
    loss, warm, decay = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(warm), repr(decay), type(Sched).__name__,
          repr(float(W2.numpy()[0, 0])))

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
                  "w2": [repr(float(v)) for v in W2.numpy().ravel()]}))
