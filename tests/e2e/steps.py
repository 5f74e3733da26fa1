"""Training steps of several kinds, run under janus and under JANUS_MODE=off.

Prints one JSON document: every step's outputs, the final TF variables, the Python
state the steps touched, all with their types (typed.py), and (under janus) what janus
did with each function.
"""

import json
import sys

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")   # keeps graph/eager round-off far below 1e-9
tf.keras.utils.set_random_seed(1)
results = {}


def record(name, value):
    results.setdefault(name, []).append(typed(value))


# 1. A Keras Sequential model, a tape and a Keras optimizer: the common case.
model = tf.keras.Sequential([tf.keras.layers.Input((8,)),
                             tf.keras.layers.Dense(16, activation="tanh"),
                             tf.keras.layers.Dense(3)])
optimizer = tf.keras.optimizers.Adam(0.01)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def keras_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


rng = np.random.default_rng(0)
for i in range(12):
    batch = 4 if i % 5 else 3           # two shapes: a graph each, (4, 8) and (3, 8)
    x = rng.normal(size=(batch, 8))
    y = rng.integers(0, 3, size=batch)
    record("keras_step", keras_step(x, y))
for i in range(3):
    x = rng.normal(size=(2, 8))         # a third batch size: a third exact graph
    record("keras_step", keras_step(x, rng.integers(0, 3, size=2)))
for batch in (5, 6, 7):                 # a fourth size relaxes: (?, 8) serves them all
    x = rng.normal(size=(batch, 8))
    record("keras_step", keras_step(x, rng.integers(0, 3, size=batch)))


# 2. Raw tf ops, tf.Variables, a Python helper that gets inlined, a Python float
#    argument (specialised), a global constant and a tuple return.
w = tf.Variable(tf.ones((3, 2), tf.float64))
b = tf.Variable(tf.zeros((2,), tf.float64))
raw_optimizer = tf.keras.optimizers.SGD(0.1)
SCALE = 2.0


def predict(x):
    return tf.matmul(x, w) * SCALE + b


def raw_step(x, target, weight):
    with tf.GradientTape() as tape:
        error = predict(x) - target
        loss = weight * tf.reduce_mean(error * error)
    grads = tape.gradient(loss, [w, b])
    raw_optimizer.apply_gradients(zip(grads, [w, b]))
    return loss, tf.reduce_max(error)


for i in range(10):
    if i == 6:
        SCALE = 0.5                     # a baked-in global changes: guard miss, rebuild
    weight = 1.0 if i < 8 else 0.25     # a specialised argument changes
    x = tf.constant(rng.normal(size=(5, 3)))
    record("raw_step", raw_step(x, tf.constant(rng.normal(size=(5, 2))), weight))


# 3. Steps janus must leave to the interpreter, with the same results: a branch on a
#    tensor value, and a write to Python state.
class Tracker:
    def __init__(self):
        self.history = []
        self.last = None


tracker = Tracker()
v = tf.Variable(tf.constant([1.0, -2.0], tf.float64))


def branchy_step(x):
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v * x)
        if y > 0:
            y = y * 2.0
    grads = tape.gradient(y, [v])
    v.assign_sub(0.1 * grads[0])
    return y


def stateful_step(x):
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v * v * x)
    tracker.last = float(y)
    tracker.history.append(tracker.last)
    return tape.gradient(y, v)


for i in range(6):
    x = tf.constant([1.0 + i, 0.5 * i], tf.float64)
    record("branchy_step", branchy_step(x))
    record("stateful_step", stateful_step(x))

# 4. A subclassed Keras model with a call() of its own and a Python flag attribute.
class Residual(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = tf.keras.layers.Dense(8, activation="tanh")
        self.outer = tf.keras.layers.Dense(3)
        self.use_skip = True

    def call(self, x, training=False):
        h = self.inner(x)
        if self.use_skip:
            h = h + x
        return self.outer(h)


subclassed = Residual()
sub_optimizer = tf.keras.optimizers.SGD(0.05)


def subclass_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, subclassed(x, training=True))
    grads = tape.gradient(loss, subclassed.trainable_variables)
    sub_optimizer.apply_gradients(zip(grads, subclassed.trainable_variables))
    return loss


for i in range(8):
    subclassed.use_skip = i < 6
    record("subclass_step", subclass_step(rng.normal(size=(4, 8)),
                                          rng.integers(0, 3, size=4)))

results["variables"] = typed({
    "model": model.trainable_variables,
    "optimizer": optimizer.variables,
    "raw": [w, b],
    "v": v,
    "subclassed": subclassed.trainable_variables,
})
results["python_state"] = typed({"history": tracker.history, "last": tracker.last,
                                 "SCALE": SCALE})
if "janus" in sys.modules:
    import janus
    results["janus"] = {name.split(" ")[0]: info for name, info in janus.stats().items()}
print(json.dumps(results))
