"""Round-robin multi-domain training: a Trainer holds a list of tf.data iterators
`self.its` and an index `self.k` the step itself advances (`self.k = (self.k + 1) %
len(self.its)`); each call pulls a batch from `self.its[self.k]`, stores the iterator it
used as `self.last_it` and returns it too.  The loop checks identities (`ret is
tr.last_it`, `ret is tr.its[i]`), appends a third domain's iterator to the list at step
14 and replaces domain 1's iterator with a fresh one at step 24.  Probes: a tf.data
iterator reached through a list item at an index the step writes, stored on an object
and returned: ids per domain, identity of what is stored and returned."""
import random

import numpy

random.seed(5122)
numpy.random.seed(5122)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5122)
rng = np.random.default_rng(5122)


def domain(base, n, shift):
    x = rng.normal(size=(n, 2)).astype(np.float32) + shift
    y = (x @ np.array([1.0, -1.0], np.float32)).astype(np.float32)
    return tf.data.Dataset.from_tensor_slices((np.arange(base, base + n, dtype=np.int64), x, y)).batch(3).repeat()


D0, D1, D2 = domain(0, 30, 0.0), domain(100, 30, 1.0), domain(200, 30, -1.0)


class Trainer:
    def __init__(self):
        self.its = [iter(D0), iter(D1)]
        self.k = 0
        self.last_it = None
        self.w = tf.Variable(tf.zeros((2,)), name="w")
        self.b = tf.Variable(0.0, name="b")
        self.opt = keras.optimizers.SGD(learning_rate=0.05)

    def train_step(self):
        it = self.its[self.k]
        ids, x, y = next(it)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, self.w) + self.b - y))
        grads = tape.gradient(loss, [self.w, self.b])
        self.opt.apply_gradients(zip(grads, [self.w, self.b]))
        used = self.k
        self.last_it = it
        self.k = (self.k + 1) % len(self.its)
        return loss, ids, used, it


tr = Trainer()
for step in range(40):
    if step == 14:
        tr.its.append(iter(D2))
    if step == 24:
        tr.its[1] = iter(D1)
    loss, ids, used, ret = tr.train_step()
    print(step, used, ids.numpy().tolist(), ret is tr.last_it, ret is tr.its[used],
          [ret is i for i in tr.its], repr(float(loss)))

print(json.dumps({
    "k": tr.k,
    "n_its": len(tr.its),
    "next": [int(next(i)[0][0]) for i in tr.its],
    "w": [repr(float(v)) for v in tr.w.numpy()],
    "b": repr(float(tr.b.numpy())),
}))
