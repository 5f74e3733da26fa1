"""Keep-the-best checkpointing done inside the training step: after the update, when the
loss beats the tracker's best (a branch on a tensor), the step stores the new best as a
Python float, counts the save and calls `CKPT.write(prefix)` of a `tf.train.Checkpoint`
holding the model, the optimizer and a step variable, appending the returned path's
basename to a list.  After training the loop restores the best checkpoint into a fresh
model and optimizer and prints their weights and iterations.  At steps 9, 15 and 23 the
loop relaxes the best (x4), so later steps save again.  Probes: a file-writing library call
(checkpoint save ops and Python file handling) inside an arm of a branch on a tensor,
after variable updates, in a step whose other calls may be graphs; what the file holds
must be the state eager saved at that call."""
import random

import numpy

random.seed(539)
numpy.random.seed(539)

import json
import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(539)
rng = np.random.default_rng(539)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 3:4] ** 2).astype(np.float32)


def make():
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
    return m, keras.optimizers.Adam(0.02)


MODEL, OPT = make()
STEPV = tf.Variable(0, dtype=tf.int64)
CKPT = tf.train.Checkpoint(model=MODEL, opt=OPT, step=STEPV)
DIR = tempfile.mkdtemp(prefix="rt53ck")
PREFIX = os.path.join(DIR, "best")


class Tracker:
    def __init__(self):
        self.best = float("inf")
        self.saves = 0
        self.paths = []


TRACK = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    STEPV.assign_add(1)
    if loss < TRACK.best:
        TRACK.best = float(loss)
        TRACK.saves += 1
        path = CKPT.write(PREFIX)
        TRACK.paths.append(os.path.basename(path))
    return loss


for step in range(30):
    if step in (9, 15, 23):
        TRACK.best = TRACK.best * 4.0
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(TRACK.best), TRACK.saves, len(TRACK.paths))

M2, O2 = make()
O2.build(M2.trainable_variables)
S2 = tf.Variable(0, dtype=tf.int64)
tf.train.Checkpoint(model=M2, opt=O2, step=S2).read(PREFIX).assert_consumed()
print(json.dumps({"restored": [repr(float(v)) for v in M2.layers[0].kernel.numpy().ravel()[:6]],
                  "restored_iters": int(O2.iterations.numpy()), "restored_step": int(S2.numpy()),
                  "final": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "paths": sorted(set(TRACK.paths)), "files": sorted(os.listdir(DIR))}))
shutil.rmtree(DIR)
del DIR, PREFIX       # a temporary path differs from run to run
