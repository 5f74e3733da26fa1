"""A generator made in the step escapes it: the step builds `per_sample(...)` (a generator that
reads SCALE lazily), takes its first item, and stores the suspended generator in `TR.pending`;
the loop drains two more items after each step. At step 10 the loop changes SCALE["v"] between the
step and the draining. Expects the items (old/new scale), generator states and losses as in eager."""
import inspect

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2222)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(2222)
X = tf.constant(rng.normal(size=(12, 3)))
Y = tf.constant(rng.normal(size=(12, 1)))
SCALE = {"v": 1.0}
DRAINED = []


def per_sample(errors):
    for i in range(errors.shape[0]):
        yield i, round(float(errors[i, 0]) * SCALE["v"], 10)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.zeros((3, 1), tf.float64))
        self.pending = None
        self.firsts = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            err = tf.square(tf.matmul(x, self.w) - y)
            loss = tf.reduce_mean(err)
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        gen = per_sample(err)
        self.firsts.append(next(gen))
        self.pending = gen
        return loss


TR = Trainer()
for step in range(30):
    loss = TR.step(X, Y)
    if step == 10:
        SCALE["v"] = 100.0
    items = [next(TR.pending) for _ in range(2)]
    DRAINED.append(items)
    print(f"step {step:2d} first={TR.firsts[-1]} drained={items} "
          f"state={inspect.getgeneratorstate(TR.pending)} loss={float(loss)!r}")

REST = list(TR.pending)
print(f"final rest_len={len(REST)} rest_last={REST[-1]} state={inspect.getgeneratorstate(TR.pending)} "
      f"w={TR.w.numpy().ravel().tolist()!r}")
