"""Loss normalisation chosen per batch inside the step: the step writes
`self.loss_fn.reduction = "sum"` for short (padded) batches and
"sum_over_batch_size" otherwise, using a Python flag the caller passes, and then calls
the Keras loss, whose `__call__` reads `self.reduction` in Keras' code.  The caller
passes short=False for steps 0-11, then alternates.  Eagerly each call uses the
reduction it just wrote; under janus the write is deferred while Keras runs natively
during the build."""
import random

import numpy

random.seed(24)
numpy.random.seed(24)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4224)
rng = np.random.default_rng(4224)
XS = rng.normal(size=(96, 4)).astype(np.float32)
LABELS = (XS[:, 0] + XS[:, 1] > 0).astype(np.int64) + (XS[:, 2] > 0.5).astype(np.int64)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.2)
B = tf.Variable(np.zeros(3, np.float32))
opt = keras.optimizers.SGD(0.02)


class Task:
    def __init__(self):
        self.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step(self, x, y, short):
        self.loss_fn.reduction = "sum" if short else "sum_over_batch_size"
        with tf.GradientTape() as tape:
            loss = self.loss_fn(y, x @ W + B)
        grads = tape.gradient(loss, [W, B])
        opt.apply_gradients(zip(grads, [W, B]))
        return loss


task = Task()
for step in range(30):
    short = step >= 12 and step % 2 == 0
    i = (step * 8) % 88
    loss = task.step(tf.constant(XS[i:i + 8]), tf.constant(LABELS[i:i + 8]), short)
    print(step, short, repr(float(loss)), task.loss_fn.reduction)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
}))
