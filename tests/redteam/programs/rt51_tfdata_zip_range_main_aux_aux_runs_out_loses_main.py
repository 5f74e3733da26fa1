"""Auxiliary-task training: each call pairs K examples of a repeating main iterator with
examples of a finite auxiliary iterator, `for i, m, a in zip(range(K), main_it, aux_it)`.
The auxiliary data (29 examples) runs out in the middle of a call: zip has then already
pulled that iteration's main example, which is lost, and every later call loses one main
example and trains on nothing.  At step 24 the loop gives the step a fresh auxiliary
iterator, and K changes from 3 to 2 at step 18.  Probes: zip() over two tf.data
iterators in the step where the second ends mid-call (an element of the first pulled and
dropped): which main ids are trained on and which are lost."""
import random

import numpy

random.seed(5105)
numpy.random.seed(5105)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5105)
rng = np.random.default_rng(5105)

NM, NA = 50, 29
MX = rng.normal(size=(NM, 3)).astype(np.float32)
MY = (MX @ np.array([1.0, -2.0, 0.5], np.float32)).astype(np.float32)
AX = rng.normal(size=(NA, 3)).astype(np.float32)
AY = (AX @ np.array([0.0, 1.0, 1.0], np.float32)).astype(np.float32)

MAIN = tf.data.Dataset.from_tensor_slices({"id": np.arange(NM, dtype=np.int64), "x": MX, "y": MY}).repeat()
AUX = tf.data.Dataset.from_tensor_slices({"id": np.arange(1000, 1000 + NA, dtype=np.int64), "x": AX, "y": AY})
main_it = iter(MAIN)
aux_it = iter(AUX)

W_MAIN = tf.Variable(tf.zeros((3,)), name="w_main")
W_AUX = tf.Variable(tf.zeros((3,)), name="w_aux")
OPT = keras.optimizers.SGD(learning_rate=0.1)
K = 3


def train_step(mit, ait):
    mx, my, ax, ay, used = [], [], [], [], []
    for i, m, a in zip(range(K), mit, ait):
        mx.append(m["x"]); my.append(m["y"])
        ax.append(a["x"]); ay.append(a["y"])
        used.append((int(m["id"]), int(a["id"])))
    if not used:
        return None, used
    with tf.GradientTape() as tape:
        lm = tf.reduce_mean(tf.square(tf.linalg.matvec(tf.stack(mx), W_MAIN) - tf.stack(my)))
        la = tf.reduce_mean(tf.square(tf.linalg.matvec(tf.stack(ax), W_AUX) - tf.stack(ay)))
        loss = lm + 0.5 * la
    grads = tape.gradient(loss, [W_MAIN, W_AUX])
    OPT.apply_gradients(zip(grads, [W_MAIN, W_AUX]))
    return loss, used


log = []
for step in range(40):
    if step == 18:
        K = 2
    if step == 24:
        aux_it = iter(AUX)
    loss, used = train_step(main_it, aux_it)
    log.append(used)
    print(step, K, used, "nothing" if loss is None else repr(float(loss)))
    if step % 5 == 4:
        print(step, "main stands at", int(next(main_it)["id"]))

print(json.dumps({
    "log": log,
    "w_main": [repr(float(v)) for v in W_MAIN.numpy()],
    "w_aux": [repr(float(v)) for v in W_AUX.numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
