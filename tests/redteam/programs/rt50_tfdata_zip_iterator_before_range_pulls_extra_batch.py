"""Python's zip() over a tf.data iterator: the step takes k micro-batches with
`for (ids, x, y), j in zip(self.it, range(k))`, where the iterator comes FIRST, so at the end of each call zip
pulls one more batch from the iterator before it finds range exhausted, and that batch
is lost (CPython's semantics).  Every 4th call the step uses the other order, `zip(range(k),
self.it)`, which loses nothing.  Batches carry ids; the step records the ids it trained
on, and the loop prints the next id by pulling outside the step every 10 steps.
Probes: the exact pull count of zip over an outside tf.data iterator inside a hot step
(the extra item pulled and dropped), the ids used and skipped, the weights."""
import random

import numpy

random.seed(69)
numpy.random.seed(69)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6920)
rng = np.random.default_rng(6920)
N = 64
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 2:3]).astype(np.float32)
DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int32), XS, YS)).batch(2).repeat()


class Trainer:
    def __init__(self):
        self.it = iter(DS)
        self.w = tf.Variable(tf.zeros((3, 1)))
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.used = []
        self.calls = 0

    def step(self, k):
        self.calls += 1
        if self.calls % 4 == 0:
            pairs = ((b, j) for j, b in zip(range(k), self.it))
        else:
            pairs = zip(self.it, range(k))
        total = 0.0
        for (ids, x, y), j in pairs:
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(x @ self.w - y))
            grads = tape.gradient(loss, [self.w])
            self.opt.apply_gradients(zip(grads, [self.w]))
            self.used.append(int(ids[0]))
            total += float(loss)
        return total


T = Trainer()
for step in range(36):
    total = T.step(2)
    print(step, repr(total), T.used[-2:])
    if step % 10 == 9:
        print("  next id outside:", int(next(T.it)[0][0]))

print(json.dumps({
    "used": T.used, "calls": T.calls,
    "w": [repr(float(v)) for v in T.w.numpy().ravel()],
}))
