"""Probes a functools.partial made with positional arguments only (so its keywords dict
starts empty), held by Keras layers: an Activation holds GATE = partial(_gate, 0.2) and
a Lambda holds HEAD = partial(_head, 1.0).  The loop later gives them keywords in place
-- step 10: GATE.keywords["hard"] = True; step 18: HEAD.keywords["bias"] = 0.25; step
26: HEAD.keywords["bias"] = -0.1 (a value change once the key exists).  Library code
calls each partial with whatever its dict holds at that call, so eager changes behaviour
at each of these steps.  soundness.md says a partial a library object holds has its
keywords dict watched; a graph that skipped watching a dict that was empty at build time
would keep the old behaviour."""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2225)
np.random.seed(2225)
keras.utils.set_random_seed(2225)
rng = np.random.default_rng(2225)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) * 2.0 - XS[:, 4:5] + 0.3).astype(np.float32)


def _gate(slope, t, hard=False):
    if hard:
        return tf.where(t > 0, t, tf.zeros_like(t))
    return tf.maximum(t, slope * t)


def _head(scale, t, bias=0.0):
    return t * scale + bias


GATE = functools.partial(_gate, 0.2)
HEAD = functools.partial(_head, 1.0)
MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(10),
    keras.layers.Activation(GATE),
    keras.layers.Dense(1),
    keras.layers.Lambda(HEAD),
])
OPT = keras.optimizers.SGD(learning_rate=0.03, momentum=0.8)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 10:
        GATE.keywords["hard"] = True
    if step == 18:
        HEAD.keywords["bias"] = 0.25
    if step == 26:
        HEAD.keywords["bias"] = -0.1
    i = (step * 10) % 70
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), GATE.keywords, HEAD.keywords)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
}))
