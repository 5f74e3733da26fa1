"""The training step takes the iterator as an argument (`train_step(it)`) and pulls one
batch with `next(it)`; the Python loop also pulls from the same iterator outside the
step, discarding a batch whenever the previous loss (a Python float) exceeded a running
mean (a "hard batch skip" heuristic), and every 9 steps it peeks one batch outside the
step and prints its ids.  The dataset is filtered (rows whose id % 7 == 3 dropped) and
repeated.  Probes: an iterator argument whose position the loop also moves between hot
calls, a filter dataset, the ids trained on, the skipped ids, the weights."""
import random

import numpy

random.seed(57)
numpy.random.seed(57)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5708)
rng = np.random.default_rng(5708)
N = 80
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 2:3]).astype(np.float32)
DS = (tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS))
      .filter(lambda i, x, y: i % 7 != 3)
      .batch(4)
      .repeat())
IT = iter(DS)

MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
TRAINED = []


def train_step(it):
    ids, x, y = next(it)
    TRAINED.append(ids.numpy().tolist())
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


skipped = []
mean = None
for step in range(40):
    loss = float(train_step(IT))
    print(step, repr(loss), TRAINED[-1])
    mean = loss if mean is None else 0.8 * mean + 0.2 * loss
    if loss > mean * 1.1:
        ids, _, _ = next(IT)
        skipped.append(ids.numpy().tolist())
        print("  skip", skipped[-1])
    if step % 9 == 8:
        ids, _, _ = next(IT)
        print("  peek", ids.numpy().tolist())

print(json.dumps({
    "skipped": skipped,
    "n_trained": len(TRAINED),
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
