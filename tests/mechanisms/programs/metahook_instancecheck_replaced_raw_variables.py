"""A raw two-layer step asks `isinstance(SCHED, Warm)` to decide whether to damp its
update; `Warm` has a program metaclass whose `__instancecheck__` answers from the
object's `stage` attribute.  Mid-run the loop replaces `Meta.__instancecheck__` with a
stricter rule, then deletes it so ordinary class membership answers again."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(4)


class Meta(type):
    def __instancecheck__(cls, obj):
        return getattr(obj, "stage", 0) < 3


def strict_check(cls, obj):
    return getattr(obj, "stage", 0) < 1


class Warm(metaclass=Meta):
    pass


class Schedule:
    stage = 2


rng = np.random.default_rng(12)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 2:]).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
SCHED = Schedule()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W) @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    lr = 0.01 if isinstance(SCHED, Warm) else 0.08
    W.assign_sub(lr * gw)
    V.assign_sub(lr * gv)
    return loss


for step in range(24):
    if step == 7:
        Meta.__instancecheck__ = strict_check
    if step == 14:
        del Meta.__instancecheck__
    if step == 19:
        Meta.__instancecheck__ = lambda cls, obj: True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "__instancecheck__" in Meta.__dict__)
print(json.dumps({"w": W.numpy().ravel().tolist(), "v": V.numpy().ravel().tolist()}))
