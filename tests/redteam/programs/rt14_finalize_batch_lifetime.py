"""Each step gets a fresh Python Batch object (x, y tensors and an id); a
weakref.finalize on the batch appends its id to FREED when it is collected, and the
loop keeps weak references to the batch's x tensor, to the loss tensor the step
returns and to the prediction tensor the step stores in TRAINER.last_pred (replaced at
every call).  In CPython all of these die deterministically: the previous batch when
the loop rebinds `batch`, the previous loss when `loss` is rebound, the previous
prediction when the step overwrites TRAINER.last_pred.  The loop prints, per step,
which of the previous step's objects are still alive and the tail of FREED.

Probes: object lifetime across the graph boundary.  A converter that keeps the last
call's arguments (the pointer to a Python batch object fed to the graph, the input
tensors), its outputs (an output template, a cached result) or the value an
attribute held before the commit alive longer than eager shows "alive" where eager
shows "dead", and FREED lags behind.
"""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1415)
rng = np.random.default_rng(1415)

N_STEPS = 36
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = np.tanh(XS @ np.array([[0.6], [-0.3], [0.9]], np.float32)).astype(np.float32)
FREED = []


class Batch:
    def __init__(self, i):
        self.i = i
        self.x = tf.constant(XS[i])
        self.y = tf.constant(YS[i])


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32), name="w")
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.last_pred = None
        self.seen = 0

    def train_step(self, batch):
        with tf.GradientTape() as tape:
            pred = batch.x @ self.w
            loss = tf.reduce_mean(tf.square(pred - batch.y))
        self.opt.apply_gradients([(tape.gradient(loss, self.w), self.w)])
        self.last_pred = pred
        self.seen += 1
        return loss


TRAINER = Trainer()
prev = None
for step in range(N_STEPS):
    batch = Batch(step)
    weakref.finalize(batch, FREED.append, step)
    loss = TRAINER.train_step(batch)
    if prev is not None:
        alive = {name: ref() is not None for name, ref in sorted(prev.items())}
    else:
        alive = {}
    prev = {"x": weakref.ref(batch.x), "loss": weakref.ref(loss),
            "pred": weakref.ref(TRAINER.last_pred)}
    if step % 3 == 0 or step < 6:
        print(step, repr(float(loss)), "prev alive:", alive, "freed tail:", FREED[-3:])
    if step % 9 == 8:
        del batch, loss
        print("  after del:", {n: r() is not None for n, r in sorted(prev.items())},
              "freed tail:", FREED[-2:])

print(json.dumps({
    "w": [repr(float(v)) for v in TRAINER.w.numpy().ravel()],
    "seen": TRAINER.seen,
    "freed": FREED,
}))
