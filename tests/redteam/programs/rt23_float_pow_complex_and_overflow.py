"""Python's float `**` is not libm's pow at the edges: a negative base with a
non-integral exponent gives a COMPLEX number (`(-0.04) ** 0.5 == 1.2e-17+0.2j`), and a
result too large for a float raises OverflowError (`1e200 ** 2`), where TF's Pow gives
NaN and inf.

The step carries two Python floats across calls: `trend`, an exponential average of the
change of the loss (it becomes negative once the loss starts going down), and `boost`,
which the step raises to the power 1.5 at every call (it overflows after ~16 calls).
It uses `abs(trend ** 0.5)` (the magnitude of the complex root when trend < 0) as an
extra loss weight, and catches OverflowError around `boost ** 1.5` to restart the boost
at 3.0.  It prints the type of the root and both values.  A graph computing these with
TF's pow would weight the loss with NaN once trend is negative, and let boost become
inf instead of restarting it.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(47)
np.random.seed(47)
keras.utils.set_random_seed(47)

rng = np.random.default_rng(47)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant((X.numpy() @ rng.normal(size=(4, 1))).astype(np.float32))


class Tracker:
    def __init__(self):
        self.trend = 0.5
        self.prev = 0.0
        self.boost = 3.0
        self.restarts = 0


TR = Tracker()
W = tf.Variable(tf.zeros((4, 1)))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    root = TR.trend ** 0.5
    weight = abs(root)
    try:
        TR.boost = TR.boost ** 1.5
    except OverflowError:
        TR.boost = 3.0
        TR.restarts += 1
    cap = min(TR.boost, 10.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * weight) + 0.001 * cap
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    lv = float(loss)
    TR.trend = 0.5 * TR.trend + 0.5 * (lv - TR.prev)
    TR.prev = lv
    return loss, root, weight


for step in range(36):
    i = (step * 8) % 56
    loss, root, weight = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), type(root).__name__, repr(root), repr(weight),
          repr(TR.trend), repr(TR.boost), TR.restarts)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "trend": repr(TR.trend),
    "boost": repr(TR.boost),
    "restarts": TR.restarts,
}))
