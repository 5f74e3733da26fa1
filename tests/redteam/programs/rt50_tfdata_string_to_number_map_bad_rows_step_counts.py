"""A CSV-like text dataset: each element is a row of 3 strings, mapped with
`tf.strings.to_number` into floats (features) and a float label.  Some rows hold a
malformed number ("1.2.3", "n/a"), so the map fails on them with InvalidArgumentError
when the training step pulls (`x, y = self.it.get_next()` on a trainer attribute).  The
step catches the error, appends the call index to `self.bad` and increments a
per-message-kind Counter (keyed by whether the message names the bad string), then
returns None.  The iterator is repeated, so bad rows come back each epoch.  Probes: a
map that fails on some elements through a cast, caught in a hot step, what the handler
records, the rows consumed (each pulled once), the weights."""
import random

import numpy

random.seed(66)
numpy.random.seed(66)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6617)
rng = np.random.default_rng(6617)
N = 19
vals = rng.normal(size=(N, 3)).round(3)
ROWS = [[f"{v:.3f}" for v in r] for r in vals]
ROWS[5][1] = "1.2.3"
ROWS[13][0] = "n/a"
LABELS = [f"{0.5 * r[0] - r[2]:.4f}" for r in vals]
ROWS = np.array(ROWS)
LABELS = np.array(LABELS)


def parse(row, label):
    x = tf.strings.to_number(row, out_type=tf.float32)
    y = tf.strings.to_number(tf.reshape(label, (1,)), out_type=tf.float32)
    return x, y


class Trainer:
    def __init__(self):
        self.it = iter(tf.data.Dataset.from_tensor_slices((ROWS, LABELS)).map(parse).repeat())
        self.w = tf.Variable(tf.zeros((3, 1)))
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.calls = 0
        self.bad = []
        self.kinds = collections.Counter()

    def step(self):
        self.calls += 1
        try:
            x, y = self.it.get_next()
        except tf.errors.InvalidArgumentError as e:
            self.bad.append(self.calls)
            self.kinds["named" if ("1.2.3" in str(e) or "n/a" in str(e)) else "other"] += 1
            return None
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x[None, :], self.w) - y))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        return loss


T = Trainer()
for step in range(50):
    loss = T.step()
    print(step, "bad" if loss is None else repr(float(loss)), len(T.bad))

print(json.dumps({
    "bad": T.bad, "kinds": dict(T.kinds), "calls": T.calls,
    "iterations": int(T.opt.iterations.numpy()),
    "w": [repr(float(v)) for v in T.w.numpy().ravel()],
}))
