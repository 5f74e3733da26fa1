"""A raw-variable step enters every context object in `GUARDS["active"]` with
`with guard as factor:`; the class's `__enter__` supplies the factor that scales the
gradients and `__exit__` records the exit.  Mid-run the loop assigns other functions
to the class's `__enter__` (`Damping.__enter__ = boosted_enter`, then `frozen_enter`,
then the original back)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(20)


class Damping:
    def __init__(self, factor):
        self.factor = factor
        self.exits = 0

    def __enter__(self):
        return self.factor

    def __exit__(self, *exc):
        self.exits += 1
        return False


def boosted_enter(self):
    return self.factor * 3.0


def frozen_enter(self):
    return 0.0


DAMPING_ENTER = Damping.__enter__

rng = np.random.default_rng(91)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 2:] * 1.2 + 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
B = tf.Variable(tf.zeros([1]))
GUARDS = {"active": [Damping(0.5), Damping(0.8)]}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    for guard in GUARDS["active"]:
        with guard as factor:
            gw = gw * factor
            gb = gb * factor
    W.assign_sub(0.2 * gw)
    B.assign_sub(0.2 * gb)
    return loss


for step in range(24):
    if step == 7:
        Damping.__enter__ = boosted_enter
    if step == 14:
        Damping.__enter__ = frozen_enter
    if step == 19:
        Damping.__enter__ = DAMPING_ENTER
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Damping.__enter__.__name__, GUARDS["active"][0].exits)
print(json.dumps({"w": W.numpy().ravel().tolist(), "b": B.numpy().tolist()}))
