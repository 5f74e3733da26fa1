"""Probes draws from a `random.Random` instance whose `random` method is shadowed by an
instance attribute mid-run, and from the module function `random.random` patched.

The step draws augmentation parameters with `AUG.random()` and `AUG.uniform(-1, 1)`
(Random.uniform is Python code that calls `self.random()`, so it also sees an instance
attribute), and a dropout-like keep decision with `random.random()`.  At step 12 the
program sets `AUG.random = FIXED.random` (another generator's bound method: the
instance attribute wins over the class's method for both calls); at step 20 it deletes
it; at step 26 it patches the module attribute `random.random` to a lambda returning
0.25; at step 32 it restores it.

Eager draws from whichever callable the lookups find at each call and moves the
generators' states accordingly.  A conversion that recognises `AUG.random` as the class
method and draws from AUG itself (or draws from the hidden module generator instead
of the patch) prints other numbers and leaves other generator states.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2027)
random.seed(2027)
np.random.seed(2027)
rng = np.random.default_rng(2027)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

AUG = random.Random(77)
FIXED = random.Random(5)
ORIG_RANDOM = random.random


def train_step(x, y):
    jitter = AUG.random()
    shift = AUG.uniform(-1.0, 1.0)
    keep = random.random()
    xa = x * (1.0 + 0.1 * jitter) + 0.05 * shift
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xa @ W - y)) * (1.0 if keep > 0.3 else 0.5)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, jitter, shift, keep


for step in range(40):
    if step == 12:
        AUG.random = FIXED.random
    if step == 20:
        del AUG.random
    if step == 26:
        random.random = lambda: 0.25
    if step == 32:
        random.random = ORIG_RANDOM
    i = (step * 8) % 56
    loss, jitter, shift, keep = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), repr(jitter), repr(shift), repr(keep))

print(json.dumps({
    "aug_next": AUG.random(),
    "fixed_next": FIXED.random(),
    "module_next": random.random(),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
