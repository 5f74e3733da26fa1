"""A Keras Sequential model trains with an extra output squashing chosen by
`issubclass(KIND["cls"], Bounded)`, where `Bounded`'s metaclass defines
`__subclasscheck__` by a class-name rule.  Mid-run the loop swaps the metaclass's
`__subclasscheck__` for another rule, then deletes it (plain MRO answers)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6)


class Tagged(type):
    def __subclasscheck__(cls, sub):
        return sub.__name__.startswith("Soft")


def by_suffix(cls, sub):
    return sub.__name__.endswith("Clip")


class Bounded(metaclass=Tagged):
    pass


class SoftClip:
    pass


rng = np.random.default_rng(23)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (0.8 * np.tanh(XS[:, :1] + XS[:, 1:2])).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)
KIND = {"cls": SoftClip}


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        if issubclass(KIND["cls"], Bounded):
            pred = tf.tanh(pred)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Tagged.__subclasscheck__ = lambda cls, sub: False
    if step == 14:
        Tagged.__subclasscheck__ = by_suffix
    if step == 19:
        del Tagged.__subclasscheck__
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), issubclass(SoftClip, Bounded))
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
