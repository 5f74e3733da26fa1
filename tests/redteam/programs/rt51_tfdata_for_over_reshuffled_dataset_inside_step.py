"""Each call draws a fresh random mini-epoch prefix: the step runs `for ids, x, y in DS:`
directly over a dataset (a new iterator every call) built with
`.shuffle(16, seed=7, reshuffle_each_iteration=True).batch(4)`, trains on the first
TAKE batches and breaks.  Every new iterator of that dataset reshuffles (its seed
generator moves on), so each call sees another order.  TAKE goes 2 -> 3 at step 15.
Probes: a dataset iterated inside the step (an iterator made per call) whose order
depends on how many iterators were made before: the ids each call trains on."""
import random

import numpy

random.seed(5112)
numpy.random.seed(5112)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5112)
rng = np.random.default_rng(5112)

N = 16
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([0.4, -0.4, 1.2], np.float32)).astype(np.float32)
DS = (tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS))
      .shuffle(16, seed=7, reshuffle_each_iteration=True)
      .batch(4))

W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)
TAKE = 2


def train_step():
    seen = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        n = 0
        for ids, x, y in DS:
            loss = loss + tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y))
            seen.append(ids.numpy().tolist())
            n += 1
            if n == TAKE:
                break
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, seen


orders = []
for step in range(32):
    if step == 15:
        TAKE = 3
    loss, seen = train_step()
    orders.append(seen)
    print(step, seen, repr(float(loss)))

print("outside", [b[0].numpy().tolist() for b in DS][:2])
print(json.dumps({"w": [repr(float(v)) for v in W.numpy()],
                  "distinct_first": len({tuple(o[0]) for o in orders}),
                  "iterations": int(OPT.iterations.numpy())}))
