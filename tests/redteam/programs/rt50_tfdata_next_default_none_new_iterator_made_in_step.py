"""A trainer whose step pulls with `next(self.it, None)` from a dataset of 45 rows,
shuffled with a seed and reshuffled each epoch, batched by 7 with the partial last
batch kept (drop_remainder=False, so a 3-row batch ends each epoch).  When the pull
gives None the step itself makes a new iterator (`self.it = iter(self.ds)`), counts the
epoch in a Python attribute, prints it and pulls again.  Probes: `next(it, default)` of
a tf.data iterator inside a hot step, the default taken at the end of each epoch, a new
iterator made inside the step (each epoch's shuffle order), a partial batch, the ids per
step, Python counters and weights."""
import random

import numpy

random.seed(53)
numpy.random.seed(53)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5304)
rng = np.random.default_rng(5304)
N = 45
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.3 * XS[:, 3:4]).astype(np.float32)
IDS = np.arange(N, dtype=np.int32)


class Trainer:
    def __init__(self):
        self.ds = (tf.data.Dataset.from_tensor_slices((IDS, XS, YS))
                   .shuffle(N, seed=11, reshuffle_each_iteration=True)
                   .batch(7, drop_remainder=False))
        self.it = iter(self.ds)
        self.epoch = 0
        self.rows = 0
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)

    def train_step(self):
        batch = next(self.it, None)
        if batch is None:
            self.epoch += 1
            print("  epoch end ->", self.epoch)
            self.it = iter(self.ds)
            batch = next(self.it)
        ids, x, y = batch
        self.rows += int(tf.shape(x)[0])
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x, training=True) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        return ids, loss


T = Trainer()
first_ids = []
for step in range(38):
    ids, loss = T.train_step()
    first_ids.append(int(ids[0]))
    print(step, repr(float(loss)), ids.numpy().tolist(), T.epoch, T.rows)

print(json.dumps({
    "epoch": T.epoch,
    "rows": T.rows,
    "first_ids": first_ids,
    "w": [repr(float(v)) for v in T.model.layers[1].kernel.numpy().ravel()],
}))
