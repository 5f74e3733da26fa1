"""The step takes no batch argument: it slices the module-level numpy arrays DATA and
LABELS itself, at DATA[c*B:(c+1)*B] with c a Python cursor it advances and wraps using
DATA.shape[0] // B (a partial tail is dropped).  At each wrap (every epoch) the loop
shuffles DATA and LABELS in place with one permutation (same array objects, new contents),
at step 17 it scales DATA in place (DATA *= 0.5) mid-epoch, and at step 23 it rebinds
LABELS to a new array with a sign flip.  The step prints the first feature of its batch.
Probes: a global ndarray the step reads by a changing slice, edited in place between
steps (same object, new contents) and rebound."""
import random

import numpy

random.seed(399)
numpy.random.seed(399)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3819)
rng = np.random.default_rng(3819)
DATA = rng.normal(size=(44, 3)).astype(np.float32)
LABELS = (DATA @ np.array([[1.0], [0.5], [-0.5]], np.float32)).astype(np.float32)
B = 8
CUR = {"c": 0, "epoch": 0}
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step():
    c = CUR["c"]
    x = DATA[c * B:(c + 1) * B]
    y = LABELS[c * B:(c + 1) * B]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    c += 1
    wrapped = c >= DATA.shape[0] // B
    if wrapped:
        c = 0
        CUR["epoch"] += 1
    CUR["c"] = c
    return loss, tf.constant(x)[0, 0], wrapped


for step in range(30):
    if step == 17:
        DATA *= 0.5
    elif step == 23:
        LABELS = -LABELS
    loss, first, wrapped = train_step()
    if wrapped:
        perm = rng.permutation(DATA.shape[0])
        DATA[:] = DATA[perm]
        LABELS[:] = LABELS[perm]
    print(step, repr(float(loss)), repr(float(first)), wrapped, CUR)

print(json.dumps({"W": W.numpy().ravel().tolist(), "cur": CUR,
                  "data_sum": repr(float(DATA.sum())), "labels_sum": repr(float(LABELS.sum()))}))
