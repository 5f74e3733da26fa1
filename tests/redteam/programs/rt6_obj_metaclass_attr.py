"""Hyper-parameters held on a metaclass. `Hyper.scale` is found on the metaclass Meta
(not in Hyper's own MRO), `Hyper.lr` is a property defined on the metaclass, whose getter
reads Hyper._base and a module global, and `Hyper.tag` is a metaclass method. Step 12:
Meta.scale changes. Step 17: the module global FACTOR the metaclass property reads
changes. Step 22: Hyper gets its own class attribute `scale`, shadowing the
metaclass's. Step 27: that shadow is deleted again. Step 32: the property on the
metaclass is replaced by a plain value."""
import random

import numpy as np
import tensorflow as tf

random.seed(67)
np.random.seed(67)
tf.random.set_seed(67)

rng = np.random.default_rng(101)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

FACTOR = 1.0


class Meta(type):
    scale = 1.0

    @property
    def lr(cls):
        return cls._base * FACTOR

    def tag(cls):
        return f"{cls.__name__}:{cls.scale}"


class Hyper(metaclass=Meta):
    _base = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * Hyper.scale
    g = tape.gradient(loss, W)
    W.assign_sub(Hyper.lr * g)
    return loss, Hyper.lr, Hyper.tag(), hasattr(Hyper(), "scale")


for step in range(37):
    if step == 12:
        Meta.scale = 3.0
    elif step == 17:
        FACTOR = 0.2
    elif step == 22:
        Hyper.scale = 0.5
    elif step == 27:
        del Hyper.scale
    elif step == 32:
        Meta.lr = 0.002
    i = (step * 16) % 48
    loss, lr, tag, inst = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), repr(lr), tag, inst)

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("final", Hyper.scale, Hyper.lr, "scale" in vars(Hyper))
