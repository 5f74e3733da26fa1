"""Augmenting pipeline plus in-step noise with the same op seed: the dataset's map looks
each example's class up in a StaticHashTable (id -> class) and adds jitter drawn with
`tf.random.uniform([3], seed=11)`; the step pulls two examples and adds its own
`tf.random.uniform([2], seed=11)` label noise (the same op seed under the same global
seed).  The loop makes a new iterator every 12 steps (a new epoch: the map's random
stream starts again for that iterator, the step's goes on).  Probes: seeded random ops
inside a tf.data map function alongside the step's own seeded draw of the same op
seed, and a lookup table read by the map: jitter, noise, classes and weights."""
import random

import numpy

random.seed(5120)
numpy.random.seed(5120)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5120)
rng = np.random.default_rng(5120)

N = 30
XS = rng.normal(size=(N, 3)).astype(np.float32)
CLASSES = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(tf.range(N, dtype=tf.int64), tf.constant((np.arange(N) % 3).astype(np.int64))),
    default_value=-1)


def augment(i, x):
    jitter = tf.random.uniform([3], seed=11) * 0.1
    return {"id": i, "x": x + jitter, "cls": CLASSES.lookup(i), "jit": jitter[0]}


DS = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS)).map(augment)

W = tf.Variable(tf.zeros((3, 3)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(it):
    a = next(it)
    b = next(it)
    x = tf.stack([a["x"], b["x"]])
    labels = tf.stack([a["cls"], b["cls"]])
    noise = tf.random.uniform([2], seed=11)
    with tf.GradientTape() as tape:
        logits = x @ W
        ce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        loss = tf.reduce_mean(ce * (1.0 + 0.1 * noise))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, [int(a["id"]), int(b["id"])], [int(a["cls"]), int(b["cls"])], [float(a["jit"]), float(b["jit"])], noise.numpy().tolist()


it = None
for step in range(36):
    if step % 12 == 0:
        it = iter(DS)
    loss, ids, cls, jit, noise = train_step(it)
    print(step, ids, cls, jit, noise, repr(float(loss)))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "after": tf.random.uniform([2], seed=11).numpy().tolist()}))
