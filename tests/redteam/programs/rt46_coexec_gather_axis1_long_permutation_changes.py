"""A co-executed step (np.random.choice over the scorer's numpy softmax picks which
batch row is the "anchor", so the step stays in the interpreter) reorders the 48
columns of a Keras encoder's (6, 48) output with `tf.gather(h, perm, axis=1)` before a
fixed elementwise weight and the loss.  A gather along axis 1 has a dense gradient
(TF builds it from transposes and an UnsortedSegmentSum over the 48 indices), so it
is not one of the IndexedSlices gathers; every permutation has the same shape.  What
changes mid-run: the permutation is the identity for steps 0-9; from step 10 it is a
fresh numpy permutation of the 48 columns every step (an int32 operand of 48 values,
some steps with repeated indices: perm[::2] doubled).  Probes: the deferred walk's
chunk keys and inputs for a long integer operand whose values change every step."""
import random

import numpy

random.seed(4631)
numpy.random.seed(4631)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4631)
rng = np.random.default_rng(4631)
XS = rng.normal(size=(40, 6, 5)).astype(np.float32)
YS = rng.normal(size=(40, 6, 48)).astype(np.float32)
ENC = keras.layers.Dense(48, activation="tanh")
SCORER = keras.layers.Dense(1)
ENC(XS[0])
SCORER(np.zeros((1, 48), np.float32))
W = tf.constant(rng.uniform(0.5, 1.5, size=(1, 48)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
STATE = {"shuffle": False}


def train_step(x, y, step):
    s = SCORER(ENC(x)).numpy().ravel().astype(np.float64)
    p = np.exp(s - s.max())
    anchor = int(np.random.choice(6, p=p / p.sum()))
    if STATE["shuffle"]:
        perm = np.random.permutation(48).astype(np.int32)
        if step % 3 == 0:
            perm = np.concatenate([perm[::2], perm[::2]])
    else:
        perm = np.arange(48, dtype=np.int32)
    weights = np.ones((6, 1), np.float32)
    weights[anchor] = 3.0
    with tf.GradientTape() as tape:
        h = ENC(x)
        moved = tf.gather(h, perm, axis=1)
        loss = tf.reduce_mean(tf.square(moved * W - y) * weights)
    grads = tape.gradient(loss, ENC.trainable_variables)
    OPT.apply_gradients(zip(grads, ENC.trainable_variables))
    return loss, grads, anchor, perm


for step in range(30):
    if step == 10:
        STATE["shuffle"] = True
    loss, grads, anchor, perm = train_step(tf.constant(XS[step % 40]), tf.constant(YS[step % 40]), step)
    gk = grads[0].numpy()
    print(step, anchor, perm[:4].tolist(), repr(float(loss)), repr(float(gk[1, 7])), repr(float(gk[3, 40])),
          repr(float(grads[1][19])))

print(json.dumps({"k": [repr(float(v)) for v in ENC.kernel.numpy().ravel()[::9]]}))
