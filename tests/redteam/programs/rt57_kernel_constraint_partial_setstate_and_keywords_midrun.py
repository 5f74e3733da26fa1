"""A Sequential regressor whose hidden Dense layer has `kernel_constraint=CONSTRAINT`,
a `functools.partial` of a program clipping function; Keras' optimizer applies the
variable's constraint after each update (`variable.assign(variable.constraint(v))`)
inside `apply_gradients`.  Mid-run the partial object held by the Keras variable is
changed in place: at step 9 `CONSTRAINT.__setstate__((row_norm_clip, (), {"limit":
0.6}, None))` (another function and keywords; no dict write), at step 16
`CONSTRAINT.keywords["limit"] = 0.3` (the keywords dict edited), at step 23
`__setstate__` again with a positional argument (`max_abs_clip`, (0.25,)), at step 29
the program function `max_abs_clip.__defaults__` is replaced.
Probes: `functools.partial.__setstate__` and keyword edits on a constraint that Keras
reaches through a variable (not through a layer attribute) while the step's graph is
built."""
import random

import numpy

random.seed(5718)
numpy.random.seed(5718)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5718)
rng = np.random.default_rng(5718)
XS = rng.normal(size=(176, 6)).astype(np.float32) * 1.5
YS = (XS[:, :3].sum(axis=1, keepdims=True) * 1.2).astype(np.float32)


def col_norm_clip(w, limit=1.0):
    norms = tf.sqrt(tf.reduce_sum(tf.square(w), axis=0, keepdims=True))
    return w * tf.minimum(1.0, limit / (norms + 1e-7))


def row_norm_clip(w, limit=1.0):
    norms = tf.sqrt(tf.reduce_sum(tf.square(w), axis=1, keepdims=True))
    return w * tf.minimum(1.0, limit / (norms + 1e-7))


def max_abs_clip(limit, w, floor=0.0):
    return tf.clip_by_value(w, -limit, limit) + floor


CONSTRAINT = functools.partial(col_norm_clip, limit=0.9)
HID = keras.layers.Dense(10, activation="relu", kernel_constraint=CONSTRAINT)
MODEL = keras.Sequential([keras.Input((6,)), HID, keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        CONSTRAINT.__setstate__((row_norm_clip, (), {"limit": 0.6}, None))
    if step == 16:
        CONSTRAINT.keywords["limit"] = 0.3
    if step == 23:
        CONSTRAINT.__setstate__((max_abs_clip, (0.25,), {}, None))
    if step == 29:
        max_abs_clip.__defaults__ = (0.01,)
    i = (step * 8) % 168
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    k = HID.kernel.numpy()
    print(step, repr(float(loss)), CONSTRAINT.func.__name__,
          repr(float(np.abs(k).max())), repr(float(k[0, 0])))

print(json.dumps({
    "hid": [repr(float(v)) for v in HID.kernel.numpy().ravel()[:12]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
