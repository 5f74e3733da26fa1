"""A co-executed step: a Python loop applies a refinement block until float(max change)
drops below TOL (at most 6 rounds), so the step cannot be one graph and its Keras calls
would run as graph sites.  The block is called through functools.partial(REFINE_BLOCK,
training=False); the loss object through a lambda.  Step 10: the program sets the loss's
`reduction` to "sum" (a Keras attribute).  Step 16: it writes REFINE.keywords["training"] =
True (the partial's keyword dict: Dropout inside the block becomes active).  Step 22: it
sets the Dropout layer's rate from 0.25 to 0.5.  Probes: sites reached through partial and
lambda wrappers, whose arguments come from a mutable keyword dict, plus Keras state
changes on a loss and a nested layer while co-executing."""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1226)
rng = np.random.default_rng(1226)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 2))).astype(np.float32)

ENC = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh")])
DROP = keras.layers.Dropout(0.25, seed=3)
REFINE_BLOCK = keras.Sequential([keras.Input((5,)), keras.layers.Dense(5, activation="tanh"),
                                 DROP])
HEAD = keras.Sequential([keras.Input((5,)), keras.layers.Dense(2)])
LOSS = keras.losses.MeanSquaredError()
LOSSF = lambda y, p: LOSS(y, p)  # noqa: E731
REFINE = functools.partial(REFINE_BLOCK, training=False)
VARS = ENC.trainable_variables + REFINE_BLOCK.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.Adam(learning_rate=0.01)
TOL = 0.35


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = ENC(x)
        rounds = 0
        for _ in range(6):
            nh = REFINE(h)
            delta = float(tf.reduce_max(tf.abs(nh - h)))
            h = nh
            rounds += 1
            if delta < TOL:
                break
        loss = LOSSF(y, HEAD(h))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, rounds


for step in range(30):
    if step == 10:
        LOSS.reduction = "sum"
    if step == 16:
        REFINE.keywords["training"] = True
    if step == 22:
        DROP.rate = 0.5
    i = (step * 8) % 56
    loss, rounds = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), rounds)

print(json.dumps({"head": [repr(float(v)) for v in HEAD.layers[0].kernel.numpy().ravel()],
                  "iterations": int(OPT.iterations.numpy())}))
