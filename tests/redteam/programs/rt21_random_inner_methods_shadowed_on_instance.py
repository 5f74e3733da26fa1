"""Draws from a random.Random whose INTERNAL helper methods are shadowed on the instance.

`RNG.uniform(a, b)` is Python code in random.py that calls `self.random()`;
`RNG.randint(a, b)` calls `self.randrange`, which calls `self._randbelow`.  The step
prints a line, then draws `RNG.uniform(0.9, 1.1)` and `RNG.randint(0, 3)`.  Mid-run the
program shadows the helpers ON THE INSTANCE, not the methods the step calls: step 12
sets `RNG.random = noisy_random` (it prints "draw ..." and records the value, so eager
prints it after the step's own first line), step 24 sets `RNG._randbelow` to a function
that returns n - 1 (randint always gives 3 and draws nothing), step 32 deletes both.
The contract says draws from a random.Random whose methods are shadowed on the instance
are handled; the draws a graph call makes before the graph runs, "in program order",
would print "draw" BEFORE "step begins", and a check that only looks for `uniform` and
`randint` on the instance would keep drawing with the unshadowed helpers' numbers.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2126)
random.seed(2126)
np.random.seed(2126)
rng = np.random.default_rng(2126)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

RNG = random.Random(2126)
DRAWS = []


def noisy_random():
    v = random.Random.random(RNG)
    print("draw", repr(v))
    DRAWS.append(v)
    return v


def train_step(x, y):
    print("step begins")
    jitter = RNG.uniform(0.9, 1.1)
    k = RNG.randint(0, 3)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x[:, k:k + 1] * W[k] - y)) * jitter
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, jitter, k


for step in range(40):
    if step == 12:
        RNG.random = noisy_random
    if step == 24:
        RNG._randbelow = lambda n: n - 1
    if step == 32:
        del RNG.random
        del RNG._randbelow
    i = (step * 8) % 88
    loss, jitter, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(jitter), k, len(DRAWS))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "draws": [repr(v) for v in DRAWS[-5:]],
    "rng_state_tail": list(RNG.getstate()[1][-3:]),
    "iterations": int(OPT.iterations.numpy()),
}))
