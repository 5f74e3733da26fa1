"""A Keras MLP where the program hangs its own settings on a plain Dense layer (a library
object) as attributes: `HEAD.gain` (a float multiplier on the head's output) and
`HEAD.tags` (a list).  The step never reads them as attributes: it reads the layer's
instance dict as a mapping, HEAD.__dict__.get("gain", 1.0), "tags" in vars(HEAD) and
len(vars(HEAD).get("tags", ())).  The loop sets the attributes through Keras' own
__setattr__, changes them, appends to the list, and deletes them with del.
Probes: a library object's __dict__ read as a dict in the step (get with a default,
membership) while Keras' __setattr__/__delattr__ change it between calls."""
import random

import numpy

random.seed(5422)
numpy.random.seed(5422)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5422)
rng = np.random.default_rng(5422)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 3:]).astype(np.float32)

BODY = keras.layers.Dense(6, activation="relu")
HEAD = keras.layers.Dense(1)
MODEL = keras.Sequential([keras.Input((4,)), BODY, HEAD])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    gain = HEAD.__dict__.get("gain", 1.0)
    has_tags = "tags" in vars(HEAD)
    ntags = len(vars(HEAD).get("tags", ()))
    with tf.GradientTape() as tape:
        pred = MODEL(x) * gain
        loss = tf.reduce_mean(tf.square(pred - y)) * (1.0 + 0.1 * ntags)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, gain, has_tags, ntags


for step in range(36):
    if step == 7:
        HEAD.gain = 0.5
    if step == 12:
        HEAD.tags = ["a"]
    if step == 16:
        HEAD.tags.append("b")
        HEAD.gain = 2.0
    if step == 22:
        del HEAD.gain
    if step == 27:
        del HEAD.tags
        HEAD.gain = 0.75
    i = (step * 8) % 80
    try:
        loss, gain, has_tags, ntags = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), gain, has_tags, ntags)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in HEAD.kernel.numpy().ravel()], "gain": HEAD.__dict__.get("gain")}))
