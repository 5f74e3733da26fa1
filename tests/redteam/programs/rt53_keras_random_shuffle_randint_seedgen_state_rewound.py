"""Batch augmentation with Keras 3 random ops from one SeedGenerator: the step permutes
the batch rows with `keras.random.shuffle(keras.ops.arange(n), seed=SG)`, picks a noise
level with `keras.random.randint((), 0, 3, seed=SG)` from a table, draws noise with
`keras.random.normal(..., seed=SG)` and label-smoothing targets with
`keras.random.categorical(..., seed=SG)`, then trains.  The loop saves the generator's
state at step 9 and assigns it back at step 19 (replaying the same augmentations), and
draws `keras.random.uniform(seed=SG)` itself at step 25 (moving the state between
calls).  Probes: Keras SeedGenerator state advanced several times in one converted call
by stateless shuffle/randint/categorical/normal ops, and that state saved, rewound and
advanced from outside the step."""
import random

import numpy

random.seed(544)
numpy.random.seed(544)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(544)
rng = np.random.default_rng(544)
XS = rng.normal(size=(200, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.8 + np.cos(XS[:, 1:2])).astype(np.float32)

SG = keras.random.SeedGenerator(31)
LEVELS = keras.ops.convert_to_tensor([0.0, 0.05, 0.3])
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    idx = keras.random.shuffle(keras.ops.arange(keras.ops.shape(x)[0]), seed=SG)
    x = keras.ops.take(x, idx, axis=0)
    y = keras.ops.take(y, idx, axis=0)
    level = keras.ops.take(LEVELS, keras.random.randint((), 0, 3, seed=SG))
    x = x + level * keras.random.normal(keras.ops.shape(x), seed=SG)
    flip = keras.random.categorical(keras.ops.log(keras.ops.convert_to_tensor([[0.9, 0.1]])), 8, seed=SG)
    sign = 1.0 - 2.0 * keras.ops.cast(keras.ops.reshape(flip, (8, 1)), "float32") * 0.1
    with tf.GradientTape() as tape:
        loss = keras.ops.mean(keras.ops.square(MODEL(x) - y * sign))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, idx[0], level


saved = None
for step in range(32):
    if step == 9:
        saved = SG.state.numpy().copy()
    if step == 19:
        SG.state.assign(saved)
    if step == 25:
        print("outside draw", repr(float(keras.random.uniform((), seed=SG))))
    i = (step * 8) % 192
    loss, first, level = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(first), repr(float(level)), [int(s) for s in SG.state.numpy()])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "state": [int(s) for s in SG.state.numpy()]}))
