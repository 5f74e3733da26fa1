"""Transfer-learning freeze schedule on a Sequential holding a Sequential backbone:
step 8 freezes the whole backbone (`BACKBONE.trainable = False`), step 14 unfreezes only
its last layer (`BACKBONE.get_layer("b2").trainable = True` while the parent stays
frozen), step 20 freezes just the head's kernel variable (`HEAD.kernel.trainable =
False`, bias still trained), step 26 unfreezes the backbone again (which also resets
its layers' variables), step 30 freezes b1's bias variable.  The step trains on
`MODEL.trainable_weights` (Keras' property) and adds an L2 penalty over its own
comprehension `[v for v in MODEL.weights if v.trainable]`, and returns both counts.
Probes: trainable flags on layers and on Keras variables at several depths, read by a
Keras property and by the program's own comprehension."""
import random

import numpy

random.seed(5605)
numpy.random.seed(5605)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5605)
rng = np.random.default_rng(5605)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :1] - XS[:, 1:2]) + 0.1 * XS[:, 4:5]).astype(np.float32)

BACKBONE = keras.Sequential([keras.layers.Dense(12, activation="relu", name="b1"),
                             keras.layers.Dense(12, activation="relu", name="b2")],
                            name="backbone")
HEAD = keras.layers.Dense(1, name="head")
MODEL = keras.Sequential([keras.Input((5,)), BACKBONE, HEAD])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        mine = [v for v in MODEL.weights if v.trainable]
        penalty = tf.add_n([tf.reduce_sum(tf.square(v)) for v in mine])
        loss = tf.reduce_mean(tf.square(pred - y)) + 1e-3 * penalty
    tvars = MODEL.trainable_weights
    grads = tape.gradient(loss, tvars)
    OPT.apply_gradients(zip(grads, tvars))
    return loss, len(tvars), len(mine)


for step in range(34):
    if step == 8:
        BACKBONE.trainable = False
    if step == 14:
        BACKBONE.get_layer("b2").trainable = True
    if step == 20:
        HEAD.kernel.trainable = False
    if step == 26:
        BACKBONE.trainable = True
    if step == 30:
        BACKBONE.get_layer("b1").bias.trainable = False
    i = (step * 16) % 144
    loss, n_lib, n_mine = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), n_lib, n_mine,
          repr(float(BACKBONE.layers[0].kernel.numpy()[0, 0])),
          repr(float(HEAD.kernel.numpy()[0, 0])))

print(json.dumps({
    "b1": [repr(float(v)) for v in BACKBONE.layers[0].kernel.numpy().ravel()[:4]],
    "b2": [repr(float(v)) for v in BACKBONE.layers[1].kernel.numpy().ravel()[:4]],
    "head_b": [repr(float(v)) for v in HEAD.bias.numpy().ravel()],
}))
