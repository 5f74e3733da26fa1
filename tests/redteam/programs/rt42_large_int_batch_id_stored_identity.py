"""A data loader hands each batch a large integer id (global sample offset, > 256 so
CPython does not share it).  The training step stores the id on the trainer, returns
it next to the loss, and keeps the first id of each epoch in a list.  The caller then
asks `trainer.last_id is bid` and `ret_id is bid`, as a resumable-checkpoint helper
does before saving.  Eagerly the stored and returned int is the caller's own object.
janus may carry a changing Python int through the graph as an int64 and hand a new int
object back at commit, breaking identity; from step 12 on the caller passes the same
id object twice in a row, to also catch a graph that specialised on the value."""
import random

import numpy

random.seed(42)
numpy.random.seed(42)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4201)
rng = np.random.default_rng(4201)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + 0.1).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.last_id = None
        self.epoch_firsts = []

    def train_step(self, x, y, batch_id, first):
        with tf.GradientTape() as tape:
            h = tf.nn.relu(x @ W1)
            loss = tf.reduce_mean(tf.square(h @ W2 - y))
        grads = tape.gradient(loss, [W1, W2])
        OPT.apply_gradients(zip(grads, [W1, W2]))
        self.last_id = batch_id
        if first:
            self.epoch_firsts.append(batch_id)
        return loss, batch_id


tr = Trainer()
BASE = 1_000_003
same_checks = []
prev = None
for step in range(30):
    i = (step * 8) % 88
    if step >= 12 and step % 2 == 1:
        bid = prev  # the same object as last call
    else:
        bid = BASE + 7919 * step
    loss, ret_id = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                 bid, step % 6 == 0)
    checks = (tr.last_id is bid, ret_id is bid, tr.last_id == bid,
              type(ret_id).__name__, (prev is bid))
    same_checks.append(all(checks[:3]))
    prev = bid
    print(step, repr(float(loss)), ret_id, checks)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "last_id": tr.last_id,
    "firsts": tr.epoch_firsts,
    "firsts_identity": [a is b for a, b in zip(tr.epoch_firsts, tr.epoch_firsts[1:])],
    "same_checks": same_checks,
    "iters": int(OPT.iterations),
}))
