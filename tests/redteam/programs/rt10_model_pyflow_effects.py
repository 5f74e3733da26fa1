"""A subclassed keras.Model as a co-execution site whose call() branches in Python on a
tensor's value (float(mean) against a threshold attribute), counts calls on self, appends
to a list on self, prints, and calls back into a program function that writes a global
dict and reads a global FACTOR (changed at step 14); the threshold changes at step 20.
The step samples an action with np.random.choice on the model's probabilities (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1313)
rng = np.random.default_rng(1313)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")

FACTOR = 1.0
NOTES = {"count": 0, "last": None}


def note(tag, value):
    NOTES["count"] += 1
    NOTES["last"] = tag
    return value * FACTOR


class Policy(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(6, activation="tanh")
        self.d2 = keras.layers.Dense(3)
        self.thr = 0.0
        self.calls = 0
        self.branches = []

    def call(self, x):
        self.calls += 1
        h = self.d1(x)
        m = float(tf.reduce_mean(h))
        if m > self.thr:
            self.branches.append("pos")
            h = note("pos", h) * 1.5
        else:
            self.branches.append("neg")
            h = note("neg", h) - 0.1
        print("    call", self.calls, "mean", repr(m), self.branches[-1])
        return self.d2(h)


MODEL = Policy()
MODEL(X[:2])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
ACTIONS = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x)
        loss = LOSS(y, logits)
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    ACTIONS.append(a)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(0.2 * g)
    return loss, grads, a


for step in range(32):
    if step == 14:
        FACTOR = -1.0
    if step == 20:
        MODEL.thr = 0.05
    i = (step * 8) % 88
    loss, grads, a = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), a, MODEL.calls, NOTES, len(MODEL.branches))
    print("  g", flat(grads[1]), flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in MODEL.trainable_variables], "branches": MODEL.branches,
                  "notes": NOTES, "actions": ACTIONS}))
