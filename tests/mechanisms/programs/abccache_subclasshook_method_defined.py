"""`isinstance(OBJ, HasWarmup)`, an ABC whose `__subclasshook__` answers True for a
class with a `warmup` attribute (as collections.abc answers for `__len__`).  The first
call caches False; the loop gives the class `warmup` (eager still answers False from the
cache), clears the caches (now True), then deletes it and clears them again."""
import abc
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(16)


class HasWarmup(abc.ABC):
    @classmethod
    def __subclasshook__(cls, other):
        return True if hasattr(other, "warmup") else NotImplemented


class Schedule:
    pass


rng = np.random.default_rng(46)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[-1.0], [1.0], [0.5]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OBJ = Schedule()


def train_step(x, y):
    lr = 0.02 if isinstance(OBJ, HasWarmup) else 0.05
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(lr * g)
    return loss, lr


for step in range(24):
    if step == 5:
        Schedule.warmup = 3
    if step == 10:
        HasWarmup._abc_caches_clear()
    if step == 16:
        del Schedule.warmup
        HasWarmup._abc_caches_clear()
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), lr)
print(json.dumps({"w": W.numpy().ravel().tolist()}))
