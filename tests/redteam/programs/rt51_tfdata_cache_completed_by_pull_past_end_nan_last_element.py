"""An in-memory cached, reshuffling pipeline with a fixed steps-per-epoch loop:
`from_tensor_slices(22 rows).shuffle(22, seed=3, reshuffle_each_iteration=True).cache()`.
The step pulls `a`, asserts it is finite, then takes its partner with `next(it, None)` and asserts that too.
The row that the first epoch's shuffle puts second to last is NaN: at that epoch's 11th
and last call the step raises after pulling `a` (eagerly the last row is never read, so
the partly written cache is dropped when the iterator goes and the next epoch
reshuffles), and the loop starts the next epoch after 11 calls whatever happened.  An
iterator that read every row completes the cache, and later epochs replay its order.
Prefetch injection and autotuning are off, so rows are read when pulled.
Probes: how many rows a failed call's pulls read from the iterator (tf.data's cache
sees every row its writer read): the order of the ids in every epoch."""
import random

import numpy

random.seed(5136)
numpy.random.seed(5136)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5136)
rng = np.random.default_rng(5136)

N = 22
STEPS_PER_EPOCH = 11
IDS = np.arange(N, dtype=np.int64)

# The same shuffle on a twin dataset tells which id the first epoch puts second to last.
twin = tf.data.Dataset.from_tensor_slices(IDS).shuffle(N, seed=3, reshuffle_each_iteration=True)
LAST = int(list(twin)[-2])
del twin

XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([0.5, -0.25, 1.0], np.float32)).astype(np.float32)
XS[LAST] = np.nan
OPTS = tf.data.Options()
OPTS.experimental_optimization.inject_prefetch = False
OPTS.autotune.enabled = False
DS = (tf.data.Dataset.from_tensor_slices({"id": IDS, "x": XS, "y": YS})
      .shuffle(N, seed=3, reshuffle_each_iteration=True)
      .cache()
      .with_options(OPTS))

W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(it):
    a = next(it)
    tf.debugging.assert_all_finite(a["x"], "non-finite example")
    b = next(it, None)
    if b is not None:
        tf.debugging.assert_all_finite(b["x"], "non-finite partner")
    xs, ys, ids = [a["x"]], [a["y"]], [int(a["id"])]
    if b is not None:
        xs.append(b["x"]); ys.append(b["y"]); ids.append(int(b["id"]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(tf.stack(xs), W) - tf.stack(ys)))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, ids


print("nan id", LAST)
orders = []
for epoch in range(4):
    it = iter(DS)
    order = []
    for k in range(STEPS_PER_EPOCH):
        try:
            loss, ids = train_step(it)
            order += ids
            print(epoch, k, ids, repr(float(loss)))
        except tf.errors.InvalidArgumentError as e:
            order.append("nan")
            print(epoch, k, "skipped", type(e).__name__)
        except StopIteration:
            order.append("end")
            print(epoch, k, "end of data")
    orders.append(order)
    print("epoch", epoch, order)

print(json.dumps({"orders": orders, "w": [repr(float(v)) for v in W.numpy()]}))
