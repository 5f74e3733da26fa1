"""The step tests tensors of shape other than () for truth, as numpy does through
EagerTensor.__bool__: `if top:` of reduce_max(..., keepdims=True) (shape (1,)),
`if grid:` of a (1, 1) tensor, and `if big:` of tf.boolean_mask(per, per > T) whose
length varies per batch: empty is False, one element is its value, more than one
raises ValueError ('truth value of an array with more than one element is
ambiguous'), which the step catches.  Counters of each outcome are Python state.
Probes: truth tests of non-scalar and data-dependent-shape tensors."""
import random

import numpy

random.seed(3414)
numpy.random.seed(3414)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3414)
rng = np.random.default_rng(3414)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + rng.normal(size=(96, 1)) * 0.8).astype(np.float32)
MODEL = keras.Sequential([keras.layers.Input((3,)), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATS = {"spiky": 0, "grid": 0, "none_big": 0, "one_big": 0, "many_big": 0, "zero_big": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        per = tf.square(MODEL(x) - y)[:, 0]
        loss = tf.reduce_mean(per)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    top = tf.reduce_max(per, keepdims=True)
    if top > 1.5:
        STATS["spiky"] += 1
    grid = tf.reshape(loss, (1, 1)) < 0.8
    if grid:
        STATS["grid"] += 1
    big = tf.boolean_mask(per, per > 2.5)
    try:
        if big:
            STATS["one_big"] += 1
        elif tf.size(big) == 0:
            STATS["none_big"] += 1
        else:
            STATS["zero_big"] += 1
    except ValueError:
        STATS["many_big"] += 1
    return loss


for step in range(40):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), STATS["one_big"], STATS["many_big"], STATS["none_big"])

print("stats", STATS)
for v in MODEL.trainable_variables:
    print(v.path, [float(a).hex() for a in v.numpy().ravel()])
