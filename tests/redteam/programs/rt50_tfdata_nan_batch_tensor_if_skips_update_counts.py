"""A robust step: it pulls a batch with `next(self.it)`, and `if
tf.reduce_any(tf.math.is_nan(x)):` (a Python if on a tensor) it records the batch's
first id in a Python list, bumps a counter and returns early without training;
otherwise it trains.  The dataset is repeated and NaN rows sit in a few places, so most
calls take the training path and a few, late in the run, the skip path.  Probes: a
branch on pulled data that janus may speculate on (an assertion on the side seen) and
that fails only after the pull; the batch must be consumed once in either case; the
skipped ids, counters and weights."""
import random

import numpy

random.seed(60)
numpy.random.seed(60)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6011)
rng = np.random.default_rng(6011)
N = 96
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
for bad in (61, 75, 90):
    XS[bad, 0] = np.nan
IDS = np.arange(N, dtype=np.int32)


class Robust:
    def __init__(self):
        self.it = iter(tf.data.Dataset.from_tensor_slices((IDS, XS, YS)).batch(3).repeat())
        self.model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.RMSprop(learning_rate=0.01)
        self.skipped = []
        self.trained = 0

    def step(self):
        ids, x, y = next(self.it)
        if tf.reduce_any(tf.math.is_nan(x)):
            self.skipped.append(int(ids[0]))
            return None
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.trained += 1
        return ids, loss


R = Robust()
for step in range(40):
    out = R.step()
    if out is None:
        print(step, "skipped", R.skipped)
    else:
        ids, loss = out
        print(step, repr(float(loss)), ids.numpy().tolist(), R.trained)

print(json.dumps({
    "skipped": R.skipped,
    "trained": R.trained,
    "iterations": int(R.opt.iterations.numpy()),
    "w": [repr(float(v)) for v in R.model.layers[1].kernel.numpy().ravel()],
}))
