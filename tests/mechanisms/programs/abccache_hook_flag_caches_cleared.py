"""A plugin check: `issubclass(KIND, Scaled)` where the ABC's `__subclasshook__` answers
from a flag on the ABC itself.  The loop flips the flag and refreshes the check with
`Scaled._abc_caches_clear()` (abc's token does not move), twice."""
import abc
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(15)


class Scaled(abc.ABC):
    accept_all = False

    @classmethod
    def __subclasshook__(cls, other):
        return True if cls.accept_all else NotImplemented


class Kind:
    pass


rng = np.random.default_rng(45)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [1.0], [-0.5]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
KIND = Kind


def train_step(x, y):
    scale = 2.0 if issubclass(KIND, Scaled) else 1.0
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.05 * g)
    return loss, scale


for step in range(24):
    if step == 6:
        Scaled.accept_all = True
    if step == 9:
        Scaled._abc_caches_clear()
    if step == 15:
        Scaled.accept_all = False
        Scaled._abc_caches_clear()
    i = (step * 8) % 56
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scale)
print(json.dumps({"w": W.numpy().ravel().tolist()}))
