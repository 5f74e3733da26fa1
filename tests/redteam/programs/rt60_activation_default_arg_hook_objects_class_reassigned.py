"""Two Dense layers whose activations are program functions that apply a hook object
taken from a default argument: `def gated(x, hook=HOOK_A)` (positional default) and
`def squashed(x, *, hook=HOOK_B)` (keyword-only default, in `__kwdefaults__`).  The
hooks are callable objects of the program's classes (`ScaleHook.__call__` multiplies
by `self.s`).  Mid-run the loop sets an attribute of a hook (step 7), reassigns a
hook's `__class__` to `ClipHook` (HOOK_A at step 13, HOOK_B at step 19), gives
`ClipHook` a new `__call__` on the class (step 24), and swaps HOOK_B's class back to
ScaleHook (step 29).  No default tuple or dict is written: the same objects stay in
place.
Probes: objects reached only through a library-held function's defaults (not a
list, dict or array default): whether the hook's class is pinned (the 2026-12-01
itemclass / implicitcall guards) and its dict watched, when library code calls the
activation while janus builds the step."""
import random

import numpy

random.seed(6013)
numpy.random.seed(6013)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6013)
rng = np.random.default_rng(6013)
XS = rng.normal(size=(136, 6)).astype(np.float32)
YS = (np.sin(XS[:, :2].sum(axis=1, keepdims=True)) + 0.1 * XS[:, 3:4]).astype(np.float32)


class ScaleHook:
    def __init__(self, s):
        self.s = s

    def __call__(self, x):
        return x * self.s


class ClipHook:
    def __call__(self, x):
        return tf.clip_by_value(x, -self.s, self.s)


HOOK_A = ScaleHook(1.5)
HOOK_B = ScaleHook(0.7)


def gated(x, hook=HOOK_A):
    return tf.nn.relu(hook(x))


def squashed(x, *, hook=HOOK_B):
    return tf.tanh(hook(x))


inp = keras.Input((6,))
h = keras.layers.Dense(10, activation=gated)(inp)
h = keras.layers.Dense(6, activation=squashed)(h)
MODEL = keras.Model(inp, keras.layers.Dense(1)(h))
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def soft_clip(self, x):
    return self.s * tf.tanh(x / self.s)


for step in range(34):
    if step == 7:
        HOOK_A.s = 0.6
    if step == 13:
        HOOK_A.__class__ = ClipHook
    if step == 19:
        HOOK_B.__class__ = ClipHook
    if step == 24:
        ClipHook.__call__ = soft_clip
    if step == 29:
        HOOK_B.__class__ = ScaleHook
    i = (step * 8) % 128
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(HOOK_A).__name__, type(HOOK_B).__name__,
          repr(float(MODEL.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()[:8]],
}))
