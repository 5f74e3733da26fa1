"""A functional Keras model's step raises `Spike` from a helper on every call.  The
handler class `Damped` has a metaclass whose `__subclasscheck__` claims every class:
`except Damped:` ignores it (matching walks the MRO) while `issubclass(type(e), Damped)`
in the same step honours it.  Mid-run the loop reassigns `Spike.__bases__`."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(14)


class Claims(type):
    def __subclasscheck__(cls, sub):
        return True


class Damped(Exception, metaclass=Claims):
    pass


class Boosted(Exception):
    pass


class Spike(Boosted):
    pass


def inspect_batch():
    raise Spike("spike")


rng = np.random.default_rng(52)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 + np.cos(XS[:, :1])).astype(np.float32)
inp = keras.Input((3,))
hid = keras.layers.Dense(6, activation="relu")(inp)
out = keras.layers.Dense(1)(hid)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        try:
            inspect_batch()
        except Damped as e:
            loss = loss * (0.25 if issubclass(type(e), Damped) else 4.0)
        except Exception as e:
            loss = loss * (0.5 if issubclass(type(e), Damped) else 2.0)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Spike.__bases__ = (Damped,)
    if step == 14:
        Spike.__bases__ = (Boosted,)
    if step == 19:
        Spike.__bases__ = (Damped,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Spike.__bases__[0].__name__)
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
