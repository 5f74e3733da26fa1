"""Probes functools.partial objects held by Keras layers whose state the program
replaces in place, keeping the object's identity: `partial.__setstate__((func, args,
kwds, dict))` swaps the C struct's function, positional args tuple and keywords dict
without any attribute write the dict watchers could see.  A Keras Activation layer holds
ACT = partial(_leaky, alpha=0.1) and a Lambda layer holds SCALE = partial(_scaled,
0.5).  Step 10: the loop edits ACT's keywords dict in place (alpha 0.3; documented as
watched).  Step 17: `ACT.__setstate__((_elu_like, (), {"alpha": 0.3}, None))` -- another
function with an *equal* keywords dict.  Step 24: `SCALE.__setstate__((_scaled, (0.25,),
{"bias": 0.1}, None))`.  Step 30: `SCALE.__setstate__((_shifted, (0.25,), {"bias":
0.1}, None))` -- only the function changes.  Eager calls whatever the partial holds at
each call; a graph guarded on the partial's identity, keywords contents and args would
keep the old function after steps 17 and 30."""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2219)
np.random.seed(2219)
keras.utils.set_random_seed(2219)
rng = np.random.default_rng(2219)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) - 0.5 * XS[:, 2:3]).astype(np.float32)


def _leaky(t, alpha=0.2):
    return tf.maximum(t, alpha * t)


def _elu_like(t, alpha=0.2):
    return tf.where(t > 0, t, alpha * (tf.exp(t) - 1.0))


def _scaled(s, t, bias=0.0):
    return t * s + bias


def _shifted(s, t, bias=0.0):
    return (t - bias) * s


ACT = functools.partial(_leaky, alpha=0.1)
SCALE = functools.partial(_scaled, 0.5)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8),
    keras.layers.Activation(ACT),
    keras.layers.Dense(1),
    keras.layers.Lambda(SCALE),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 10:
        ACT.keywords["alpha"] = 0.3
    if step == 17:
        ACT.__setstate__((_elu_like, (), {"alpha": 0.3}, None))
    if step == 24:
        SCALE.__setstate__((_scaled, (0.25,), {"bias": 0.1}, None))
    if step == 30:
        SCALE.__setstate__((_shifted, (0.25,), {"bias": 0.1}, None))
    i = (step * 10) % 70
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), ACT.func.__name__, ACT.keywords, SCALE.func.__name__, SCALE.args)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
}))
