"""Attributes computed by the program's code at every read: a non-data descriptor and a
property that count their reads, on plain objects and on a Keras model.  The counts
and the values the steps compute from them must be the interpreter's: reading them once
per step, never again to check a guard.  Under janus and JANUS_MODE=off; prints one
JSON document.
"""

import json

import numpy as np
import tensorflow as tf

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(3)
STEPS = 16
results = {}


def record(name, value):
    results.setdefault(name, []).append(
        [np.asarray(v).tolist() if isinstance(v, tf.Tensor) else [type(v).__name__, v]
         for v in value])


# 1. A learning rate that decays with every read: a non-data descriptor.
class Decaying:
    def __init__(self, start):
        self.start = start
        self.reads = 0

    def __get__(self, obj, objtype=None):
        self.reads += 1
        return self.start / self.reads * obj.boost


class Schedule:
    lr = Decaying(0.5)

    def __init__(self):
        self.boost = 2.0


schedule = Schedule()
w = tf.Variable([1.0, -1.0])


def descriptor_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum((w * x) ** 2)
    grad = tape.gradient(loss, w)
    lr = schedule.lr
    w.assign_sub(lr * grad)
    return loss, lr


for i in range(STEPS):
    record("descriptor", descriptor_step(tf.constant([0.5, 0.25])))


# 2. A property that counts how often the step asked for it.
class Tracker:
    def __init__(self):
        self._hits = 0
        self.scale = 3.0

    @property
    def hits(self):
        self._hits += 1
        return self._hits


tracker = Tracker()


def property_step(x):
    with tf.GradientTape():
        y = tf.reduce_sum(x) * tracker.scale
        hits = tracker.hits
    return y * hits, hits


for i in range(STEPS):
    record("property", property_step(tf.constant([1.0, float(i)])))


# 3. A counting descriptor on a Keras model subclass (a library object).
class Temperature:
    def __init__(self):
        self.reads = 0

    def __get__(self, obj, objtype=None):
        self.reads += 1
        return 1.0 + 0.25 * self.reads


class Net(tf.keras.Model):
    temperature = Temperature()

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2)

    def call(self, x):
        return self.dense(x)


net = Net()
optimizer = tf.keras.optimizers.SGD(0.05)
inputs = tf.constant(np.linspace(-1.0, 1.0, 12).reshape(4, 3))
targets = tf.constant([0, 1, 1, 0])


def keras_step(x, y):
    with tf.GradientTape() as tape:
        logits = net(x) / net.temperature
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(
            y, logits, from_logits=True))
    grads = tape.gradient(loss, net.trainable_variables)
    optimizer.apply_gradients(zip(grads, net.trainable_variables))
    return (loss,)


for i in range(STEPS):
    record("keras", keras_step(inputs, targets))

results["counts"] = {"decaying": Schedule.__dict__["lr"].reads, "hits": tracker._hits,
                     "temperature": Net.__dict__["temperature"].reads}
results["variables"] = {"w": w.numpy().tolist(),
                        "net": [v.numpy().tolist() for v in net.trainable_variables]}
print(json.dumps(results))
