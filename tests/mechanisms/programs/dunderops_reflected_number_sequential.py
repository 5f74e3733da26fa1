"""A Keras Sequential step weighs its loss with `2.0 * COEF`, where COEF is the
program's coefficient object: float's `*` answers NotImplemented and Python asks the
object's `__rmul__`, which returns a float.  Mid-run the loop changes the coefficient,
replaces `__rmul__` on the class, and then makes COEF an instance of a subclass."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)


class Coef:
    def __init__(self, k):
        self.k = k

    def __rmul__(self, other):
        return other * self.k


class Halved(Coef):
    def __rmul__(self, other):
        return other * self.k * 0.5


def squared_rmul(self, other):
    return other * self.k * self.k


rng = np.random.default_rng(12)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.tanh(XS[:, :1] - XS[:, 4:]).astype(np.float32)
MODEL = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(6, activation="tanh"),
                             tf.keras.layers.Dense(1)])
OPT = tf.keras.optimizers.SGD(0.05)
COEF = Coef(0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = (2.0 * COEF) * tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        COEF.k = 1.5
    if step == 13:
        Coef.__rmul__ = squared_rmul
    if step == 19:
        COEF.__class__ = Halved
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), COEF.k, type(COEF).__name__)
print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
