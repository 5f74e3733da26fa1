"""A Keras Sequential regressor whose loss is picked by `issubclass(CONFIG["policy"],
Robust)`: Huber when the policy class is robust, squared error otherwise.  The policy
class stays the same object all run; mid-run the loop reassigns its bases
(`Policy.__bases__ = (Robust,)` and back), so issubclass answers differently."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5)


class LossPolicy:
    pass


class Robust(LossPolicy):
    delta = 0.5


class Plain(LossPolicy):
    pass


class Policy(Plain):
    pass


rng = np.random.default_rng(17)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 3:] + 3.0 * (XS[:, 1:2] > 1.0)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)
CONFIG = {"policy": Policy}


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = MODEL(x) - y
        if issubclass(CONFIG["policy"], Robust):
            a = tf.abs(err)
            d = Robust.delta
            loss = tf.reduce_mean(tf.where(a < d, 0.5 * a * a, d * (a - 0.5 * d)))
        else:
            loss = tf.reduce_mean(tf.square(err))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Policy.__bases__ = (Robust,)
    if step == 14:
        Policy.__bases__ = (Plain,)
    if step == 19:
        Policy.__bases__ = (Robust, Plain)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [c.__name__ for c in Policy.__mro__])
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
